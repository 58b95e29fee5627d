/** The feature a repository path belongs to, or undefined for a shared part. */
export function featureOf(file: string): string | undefined;
/** Every import of `source` (a file at repository path `file`) that breaks the feature rule, as readable lines. */
export function violationsIn(file: string, source: string): string[];
/** Every violation in the repository's tracked and new source files. */
export function repositoryViolations(root: string): string[];
/** The pairs of features of one layer that import each other (tests aside); `imports` maps each file to the paths it imports. */
export function featureCycles(imports: Iterable<readonly [string, readonly string[]]>): string[];
/** The repository paths of the relative imports of `source` (a file at repository path `file`). */
export function importsOf(file: string, source: string): string[];
/** The files that assemble features (ui/app/, server/app.ts, …). */
export const COMPOSITION_ROOTS: readonly RegExp[];
/** Each tracked or new file `include` accepts (by default the .ts/.tsx files of the five layers), as [repository path, text]. */
export function repositorySources(root: string, include?: (file: string) => boolean): Array<[string, string]>;
