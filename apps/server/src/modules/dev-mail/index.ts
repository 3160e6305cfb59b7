/** The dev mailbox: mail of the embedded mode, listed at /dev/mail. */
export { devMailRoutes } from './routes';
