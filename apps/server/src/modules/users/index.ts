/** The owner's profile: name, password, notifications switch, deletion (spec §2.5, §7). */
export { userRoutes } from './routes';
