/** Whether a repository file may write an API path itself (an endpoint declaration, a platform route, a test). */
export function mayWritePaths(file: string): boolean;
/** The API paths `source` (at repository path `file`) writes outside an endpoint declaration, as readable lines. */
export function strayPaths(file: string, source: string): string[];
/** The `METHOD path` of every endpoint the declarations among `files` write. */
export function declaredEndpoints(root: string, files: readonly string[]): string[];
/** Every stray path in the repository's tracked and new source files. */
export function repositoryStrayPaths(root: string): string[];
