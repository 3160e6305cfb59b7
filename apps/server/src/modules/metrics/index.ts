/** GET /metrics (Prometheus) and the HTTP counts behind it. */
export { registerMetrics } from './routes';
