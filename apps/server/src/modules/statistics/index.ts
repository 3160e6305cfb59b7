/** Statistics of the month (spec §2.14, §3, §7): the month's messages, their analysis made on the server, the figures and the monthly mail. */
export { runMonthlyReports, startMonthlyReports } from './report';
export { statisticsRoutes } from './routes';
