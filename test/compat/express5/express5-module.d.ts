// express@5.3 (the devDependency `express5`, an alias of the express package) ships no types of its
// own and the alias has no @types package: the tests that import it read it through Express 4's.
declare module 'express5' {
  import express = require('express');
  export = express;
}
