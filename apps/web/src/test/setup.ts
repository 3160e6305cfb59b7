import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a lazy route imports (and, under vitest, transforms) its chunk: on a busy
// CI machine that alone can take more than testing-library's default second. Waits end as soon
// as the element shows; only a failing wait takes longer.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
