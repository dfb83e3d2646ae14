import { before, after } from 'node:test';
import { startChild, type ChildServer } from './child-server';
import { makeServedTree, type ServedTree } from './served-tree';

/** What a test file serves from: the temporary tree, Portico's child and, when asked for, express@4's. */
export interface FileServers {
  tree: ServedTree;
  portico: ChildServer;
  express: ChildServer | undefined;
}

/**
 * Registers the file's `before` and `after`: a served tree and the child servers are started before
 * its tests and stopped, the tree removed, after them. The returned object is filled in by `before`.
 */
export function serversForThisFile(withOracle: boolean): FileServers {
  const servers = {} as FileServers;
  before(async () => {
    servers.tree = makeServedTree();
    const { tree } = servers;
    [servers.portico, servers.express] = await Promise.all([
      startChild('portico', tree.root, tree.uploads),
      withOracle ? startChild('express', tree.root, tree.oracleUploads) : undefined,
    ]);
  });
  after(async () => {
    await Promise.all([servers.portico?.kill(), servers.express?.kill()]);
    servers.tree?.remove();
  });
  return servers;
}
