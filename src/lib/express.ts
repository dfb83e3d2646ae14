// `express/lib/express`: the framework function itself, the very object `require('express')` gives.
import portico = require('../index');

export = portico;
