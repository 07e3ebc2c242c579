/** Knex CLI configuration: the same DATABASE_URL rules as the server. */
import { knexConfigFor, parseDatabaseUrl } from './db/connection-config';

export default knexConfigFor(parseDatabaseUrl(process.env.DATABASE_URL));
