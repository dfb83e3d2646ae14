// `express/lib/middleware/query`: the query-string middleware factory (`express.query`).
import { query } from '../../query-middleware';

export = query;
