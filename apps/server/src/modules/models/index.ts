/** The language models an assistant can use on this server (spec §7 models list). */
export { modelRoutes } from './routes';
export { defaultProviderModel, isKnownModel } from './service';
