import { Breadcrumb, Breadcrumbs, Link } from "react-aria-components";
import { visibleBreadcrumbs, type BreadcrumbItem } from "../../domain/shared/navigation/breadcrumbs.ts";
import * as styles from "./layouts.css.ts";

// Spec sections 2 and 9: a trail only from two items on. React Aria marks the last item as the
// current page (aria-current="page") and renders it as text rather than a link.
export function BreadcrumbTrail({ items }: { items: readonly BreadcrumbItem[] }) {
  const shown = visibleBreadcrumbs(items);
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbNav}>
      <Breadcrumbs className={styles.breadcrumbs}>
        {shown.map((item, index) => (
          <Breadcrumb key={`${index}-${item.label}`} className={styles.breadcrumb}>
            <Link href={item.href} className={styles.breadcrumbLink}>
              {item.label}
            </Link>
          </Breadcrumb>
        ))}
      </Breadcrumbs>
    </nav>
  );
}
