/** Chat monitoring (spec §2.13, §7): the owner's reader and command layer over the conversations module. */
export { chatRoutes } from './routes';
export { presentMessage, presentVisitor } from './service';
