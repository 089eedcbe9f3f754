/**
 * Job openings (data/careers.json, openings.roles[]) as job search engines
 * read them (each is published as a schema.org JobPosting on /careers): a
 * role's own `location` says its country after the last comma ("Ruwais,
 * United Arab Emirates"), since a JobPosting's address needs one and the
 * site never guesses it; a `validThrough` is not before the role's
 * `datePosted`. A content:check module (scripts/content/check.mjs runs it).
 */
const CAREERS = "data/careers.json";

/** The mistakes of the job openings, as { file, pointer, message }. */
export default function check({ files }) {
  const careers = files.get(CAREERS);
  const roles = careers?.data?.openings?.roles;
  if (!Array.isArray(roles)) return [];
  const problems = [];
  roles.forEach((role, i) => {
    const where = `/openings/roles/${i}`;
    const name = typeof role?.title === "string" ? `"${role.title}"` : `role ${i + 1}`;
    if (typeof role?.location === "string" && role.location.trim() !== "") {
      const comma = role.location.lastIndexOf(",");
      if (comma < 0 || role.location.slice(comma + 1).trim() === "" || role.location.slice(0, comma).trim() === "") {
        problems.push({
          file: CAREERS,
          pointer: `${where}/location`,
          message: `the location of ${name} ("${role.location}") must name the place and then its country after a comma, like "Ruwais, United Arab Emirates": job search engines need the country`,
        });
      }
    }
    if (typeof role?.validThrough === "string" && typeof role?.datePosted === "string" && role.validThrough < role.datePosted) {
      problems.push({
        file: CAREERS,
        pointer: `${where}/validThrough`,
        message: `${name} closes (validThrough ${role.validThrough}) before it was posted (datePosted ${role.datePosted})`,
      });
    }
  });
  return problems;
}
