/** Statistics of the month (spec §2.14, §3, §7): the month's messages, and their analysis made on the server. */
export { statisticsRoutes } from './routes';
