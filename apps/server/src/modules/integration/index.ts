/** The integration tab's server part: mailing the embed snippet to a developer (spec §2.11, §7). */
export { integrationRoutes } from './routes';
