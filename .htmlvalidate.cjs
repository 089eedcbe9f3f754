/**
 * html-validate's rules for the built pages (npm run check:html, part of npm
 * test: scripts/build/validate-html.mjs). Its recommended rules, less only
 * what clashes with how React and Gatsby write markup, each with its reason;
 * where a rule can instead be told the style Gatsby writes, it is, and stays
 * on. Anything else it finds is fixed in the markup.
 */
module.exports = {
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    // React writes void elements self-closed: <meta/>, <img/>, <input/>.
    "void-style": ["error", { style: "selfclose" }],
    // React writes boolean and empty attributes with an empty value: hidden="", required="".
    "attribute-boolean-style": ["error", { style: "empty" }],
    "attribute-empty-style": ["error", { style: "empty" }],
    // React writes some attribute names as its props are spelled: charSet, srcSet, autoComplete, enterKeyHint
    // (HTML attribute names are case-insensitive).
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React's useId gives ids such as ":R1n9:" and Gatsby's root is "___gatsby": valid HTML ids, though not
    // usable as bare CSS selectors (the rule's strict form). The relaxed form still checks HTML's rules.
    "valid-id": ["error", { relaxed: true }],
    // Gatsby writes style attributes on its own elements (the focus wrapper, the route announcer) and
    // gatsby-plugin-image's markup, which src/components/Picture.tsx reproduces, reserves each image's size
    // and placeholder colour with them.
    "no-inline-style": "off",
    // A checkbox group shares one name, as HTML allows (the form sends the ticked values as a list).
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
    // The search box's suggestions are an ARIA combobox's listbox: a <select> cannot be filtered as one types.
    // The API reference's code blocks are <pre role="region"> with a name, focusable so a keyboard can scroll
    // a long line: no native element replaces the <pre> (elsewhere a named <section> is used).
    "prefer-native-element": ["error", { exclude: ["listbox", "region"] }],
  },
};
