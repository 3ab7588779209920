/** A sidebar category whose landing page is `<dir>/index.mdx`, kept open, with its pages in order. */
export function section(label: string, dir: string, pages: string[]) {
  return {
    type: 'category' as const,
    label,
    collapsed: false,
    link: { type: 'doc' as const, id: `${dir}/index` },
    items: pages.map((page) => `${dir}/${page}`),
  };
}
