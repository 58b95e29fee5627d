import * as styles from "./app-error-boundary.css.ts";

/**
 * What the page shows when the app cannot start because the server's configuration block is
 * missing or malformed (adapters/shared/client-config.ts): a deployment problem, said plainly,
 * instead of a sign-in page whose every call fails.
 */
export function StartupFailure({ problem }: { readonly problem: string }) {
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>The portal cannot start</h1>
      <p className={styles.message}>{problem}</p>
      <p className={styles.message}>Please tell whoever runs this portal; reloading will not help until the server is fixed.</p>
    </main>
  );
}
