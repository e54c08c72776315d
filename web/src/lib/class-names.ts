/** Joins the truthy class names: conditional tailwind classes without a dependency. */
export const cn = (...classes: Array<string | false | null | undefined>) => classes.filter(Boolean).join(' ');
