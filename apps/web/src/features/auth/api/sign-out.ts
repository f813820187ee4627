export { signOut } from '../../../lib/session-calls';
