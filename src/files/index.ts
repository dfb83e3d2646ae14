export { transferFile, type TransferHooks } from './transfer-file';
export { compileFileOptions, type FileOptions, type CompiledFileOptions, type DotfilesPolicy } from './file-options';
export { statEtag, contentTypeFor } from './file-headers';
export { fileHttpError } from './file-errors';
export { FILE_PROFILE_4, type FileProfile } from './file-profile';
