/** Assistants: create, edit and delete an owner's assistants (spec §2.7–2.8, §7). */
export { assistantRoutes } from './routes';
