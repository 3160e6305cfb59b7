/** Outgoing mail through the job queue. */
export { registerMailJobs, sendMail } from './jobs';
