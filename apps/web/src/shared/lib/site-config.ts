import type { SiteConfig } from '@otklik/contract';
import { useEffect, useState } from 'react';

/** Until the server answers: no site widget, the default support contacts. */
export const FALLBACK_SITE_CONFIG: SiteConfig = {
  assistantId: null,
  supportEmail: 'support@otklik.ru',
  supportTelegram: 'otklik_support_bot',
};

let pending: Promise<SiteConfig> | undefined;
let loaded: SiteConfig | undefined;

/** GET /api/public/site-config, once per page load. */
export function loadSiteConfig(): Promise<SiteConfig> {
  pending ??= fetch('/api/public/site-config')
    .then((res) => (res.ok ? (res.json() as Promise<SiteConfig>) : FALLBACK_SITE_CONFIG))
    .catch(() => FALLBACK_SITE_CONFIG)
    .then((config) => {
      loaded = config;
      return config;
    });
  return pending;
}

export function useSiteConfig(): SiteConfig {
  const [config, setConfig] = useState<SiteConfig>(loaded ?? FALLBACK_SITE_CONFIG);
  useEffect(() => {
    let live = true;
    void loadSiteConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
