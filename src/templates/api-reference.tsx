import React, { useEffect, useRef, useState } from "react";
import type { HeadProps, PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { CopyButton, listenForCopies } from "../api-reference/CopyButton";
import type { ApiReferenceModel, Block, Example, Field, Header, Inline, MediaType, Operation, Parameter, Response, SharedResponse } from "../api-reference/model";
import * as styles from "./api-reference.module.css";

interface ApiReferenceContext {
  model: ApiReferenceModel;
}

function Inlines({ inlines }: { inlines: Inline[] }): React.ReactElement {
  return <>{inlines.map((inline, i) => (inline.code ? <code key={i}>{inline.text}</code> : <React.Fragment key={i}>{inline.text}</React.Fragment>))}</>;
}

/** A description: paragraphs and bullet lists with inline code. */
function Text({ blocks, className }: { blocks: Block[]; className?: string }): React.ReactElement | null {
  if (blocks.length === 0) return null;
  return (
    <div className={className ?? styles.text}>
      {blocks.map((block, i) =>
        block.kind === "p" ? (
          <p key={i}>
            <Inlines inlines={block.inlines} />
          </p>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Inlines inlines={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

/** A code block that scrolls inside itself, with its copy button. */
function Code({ code, label, copy = true }: { code: string; label: string; copy?: boolean }): React.ReactElement {
  return (
    <div className={styles.code}>
      <div className={styles.codeBar}>
        <span className={styles.codeLabel}>{label}</span>
        {copy && <CopyButton label={label} className={styles.copy} />}
      </div>
      {/* Focusable so a keyboard can scroll a long line. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre tabIndex={0} role="region" aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** A table that scrolls sideways inside itself on a narrow screen. */
function Scroll({ label, children }: { label: string; children: React.ReactNode }): React.ReactElement {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.tableScroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function Rules({ field }: { field: Field }): React.ReactElement {
  const rules: React.ReactNode[] = [];
  if (field.format) rules.push(<>format <code>{field.format}</code></>);
  if (field.patternMessage) rules.push(<>{field.patternMessage}</>);
  if (field.pattern) {
    rules.push(
      <>
        pattern <code className={styles.pattern}>{field.pattern}</code>
      </>,
    );
  }
  if (field.enum) {
    rules.push(
      <>
        one of{" "}
        {field.enum.map((value, i) => (
          <React.Fragment key={value}>
            {i > 0 && ", "}
            <code>{value}</code>
          </React.Fragment>
        ))}
      </>,
    );
  }
  const range = (what: string, min?: number, max?: number) => {
    if (min !== undefined && max !== undefined) rules.push(<>{`${what} ${min} to ${max}`}</>);
    else if (min !== undefined) rules.push(<>{`${what} at least ${min}`}</>);
    else if (max !== undefined) rules.push(<>{`${what} at most ${max}`}</>);
  };
  range("length", field.minLength, field.maxLength);
  range("value", field.minimum, field.maximum);
  range("items", field.minItems, field.maxItems);
  if (field.uniqueItems) rules.push(<>no item twice</>);
  if (field.nullable) rules.push(<>may be <code>null</code></>);
  if (field.partContentType) rules.push(<>sent as a <code>{field.partContentType}</code> part</>);
  if (rules.length === 0) return <>—</>;
  return (
    <ul className={styles.rules}>
      {rules.map((rule, i) => (
        <li key={i}>{rule}</li>
      ))}
    </ul>
  );
}

function FieldTable({ fields, caption }: { fields: Field[]; caption: string }): React.ReactElement {
  return (
    <Scroll label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Rules</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} data-field={field.name} data-required={field.required}>
              <th scope="row">
                <code>{field.name}</code>
              </th>
              <td>{field.type}</td>
              <td className={field.required ? styles.required : styles.optional}>{field.required ? "required" : "optional"}</td>
              <td>
                <Rules field={field} />
              </td>
              <td>
                <Text blocks={field.description} className={styles.cellText} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

function ParameterTable({ parameters, caption }: { parameters: Parameter[]; caption: string }): React.ReactElement {
  return (
    <Scroll label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Required</th>
            <th scope="col">Rules</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => (
            <tr key={`${p.in}:${p.name}`}>
              <th scope="row">
                <code>{p.name}</code>
              </th>
              <td>{p.in}</td>
              <td className={p.required ? styles.required : styles.optional}>{p.required ? "required" : "optional"}</td>
              <td>
                <Rules field={{ name: p.name, type: p.type, required: p.required, description: [], minLength: p.minLength, maxLength: p.maxLength, pattern: p.pattern }} />
                {p.example !== undefined && (
                  <p className={styles.cellText}>
                    e.g. <code>{p.example}</code>
                  </p>
                )}
              </td>
              <td>
                <Text blocks={p.description} className={styles.cellText} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

function HeaderTable({ headers, caption }: { headers: Header[]; caption: string }): React.ReactElement {
  return (
    <Scroll label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((h) => (
            <tr key={h.name}>
              <th scope="row">
                <code>{h.name}</code>
              </th>
              <td>{h.type}</td>
              <td>
                <Text blocks={h.description} className={styles.cellText} />
                {h.example !== undefined && (
                  <p className={styles.cellText}>
                    e.g. <code>{h.example}</code>
                  </p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

function ExampleView({ example, media, context }: { example: Example; media: MediaType; context: string }): React.ReactElement {
  const title = example.summary ?? example.name;
  return (
    <div className={styles.example}>
      <p className={styles.exampleTitle}>
        Example: <strong>{title}</strong>
      </p>
      <Text blocks={example.description} />
      {example.parts ? (
        <Scroll label={`${context}, example ${title}: parts`}>
          <table className={styles.table}>
            <caption className="visually-hidden">{`${context}, example ${title}: the parts of the multipart body`}</caption>
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {example.parts.map((part) => (
                <tr key={part.name}>
                  <th scope="row">
                    <code>{part.name}</code>
                  </th>
                  <td>{part.file ? <>file <code>{part.value}</code></> : <code className={styles.pattern}>{part.value}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : (
        <Code code={example.json} label={`${context}, example ${title} (${media.mediaType})`} copy={false} />
      )}
    </div>
  );
}

function ResponseView({ response, context, level = 5 }: { response: Response; context: string; level?: 3 | 5 }): React.ReactElement {
  const Heading = level === 3 ? "h3" : "h5";
  const body = (
    <>
      {response.headers.length > 0 && <HeaderTable headers={response.headers} caption={`${context}: headers`} />}
      {response.content.map((media) => (
        <div key={media.mediaType}>
          <p className={styles.media}>
            Body: <code>{media.mediaType}</code>
          </p>
          {media.examples.map((example) => (
            <ExampleView key={example.name} example={example} media={media} context={context} />
          ))}
          {media.fields.length > 0 && (
            <details className={styles.details}>
              <summary>Fields of the answer</summary>
              <FieldTable fields={media.fields} caption={`${context}: fields`} />
            </details>
          )}
        </div>
      ))}
    </>
  );
  return (
    <div className={styles.response} data-status={response.status}>
      <Heading className={styles.status}>
        <span className={Number(response.status) < 400 ? styles.statusOk : styles.statusError}>{response.status}</span> {response.reason}
      </Heading>
      <Text blocks={response.description} />
      {response.shared && (
        <p className={styles.sharedLink}>
          <a href={`#${response.shared}`}>Headers and body of {response.status} answers</a>
        </p>
      )}
      {level === 3 && (response.headers.length > 0 || response.content.length > 0) ? (
        // A common answer: its headers and bodies one step away, like each call's details.
        <details className={styles.more} data-answer-details>
          <summary>Headers and example body</summary>
          {body}
        </details>
      ) : (
        body
      )}
    </div>
  );
}

/** An answer the contract reuses, shown once with the calls that give it. */
function SharedResponseView({ response }: { response: SharedResponse }): React.ReactElement {
  return (
    <article id={response.id} className={styles.operation} aria-label={`${response.status} ${response.reason} (${response.name})`} data-shared-response={response.name}>
      <ResponseView response={response} context={`${response.name} answer`} level={3} />
      <p className={styles.opId}>
        Given by{" "}
        {response.usedBy.map((use, i) => (
          <React.Fragment key={use.operation}>
            {i > 0 && ", "}
            <a href={`#${use.operation}`}>{use.operation}</a>
          </React.Fragment>
        ))}
      </p>
    </article>
  );
}

function OperationView({ op, uploadLimits }: { op: Operation; uploadLimits: Block[] }): React.ReactElement {
  const headingId = `${op.id}-heading`;
  return (
    <article id={op.id} className={styles.operation} aria-labelledby={headingId} data-operation={op.id}>
      <h3 id={headingId} className={styles.operationHeading}>
        <span className={styles.method} data-method={op.method}>
          {op.method}
        </span>{" "}
        <code className={styles.path}>{op.path}</code>
      </h3>
      <p className={styles.summary}>{op.summary}</p>
      <Text blocks={op.description} />
      <p className={styles.opId}>
        operationId <code>{op.id}</code>
        {op.deprecated && <strong> · deprecated</strong>}
      </p>

      {/* Closed at first: a page of every call laid out at once is slow to show on a phone; fragment links and find-in-page open it. */}
      <details className={styles.more} data-operation-details>
        <summary>{op.requestBody ? "Fields, examples, answers and calls" : op.parameters.length > 0 ? "Parameters, answers and calls" : "Answers and calls"}</summary>

      {op.parameters.length > 0 && (
        <>
          <h4>Parameters</h4>
          <ParameterTable parameters={op.parameters} caption={`${op.id}: parameters`} />
        </>
      )}

      {op.requestBody &&
        op.requestBody.content.map((media) => (
          <div key={media.mediaType} data-request-body={media.mediaType}>
            <h4>Request body</h4>
            <p className={styles.media}>
              <code>{media.mediaType}</code>
              {op.requestBody?.required ? " (required)" : " (optional)"}
            </p>
            <Text blocks={op.requestBody?.description ?? []} />
            {media.uploads.length > 0 && (
              <div className={styles.uploads}>
                <p>Files:</p>
                <ul>
                  {media.uploads.map((u) => (
                    <li key={u.field}>
                      <code>{u.field}</code>: {u.fileTypes.join(", ")} (<code>{u.contentTypes.join(", ")}</code>)
                    </li>
                  ))}
                </ul>
                <Text blocks={uploadLimits} />
              </div>
            )}
            <FieldTable fields={media.fields} caption={`${op.id}: request fields`} />
            {media.examples.map((example) => (
              <ExampleView key={example.name} example={example} media={media} context={`${op.id}, request`} />
            ))}
          </div>
        ))}

      <h4>Answers</h4>
      {op.responses.map((response) => (
        <ResponseView key={response.status} response={response} context={`${op.id}, answer ${response.status}`} />
      ))}

      <h4>Calls</h4>
      <Code code={op.snippets.curl} label={`curl call of ${op.id}`} />
      <Code code={op.snippets.fetch} label={`openapi-fetch call of ${op.id}`} />
      </details>
    </article>
  );
}

const BODY_ID = "api-reference";

/**
 * The API reference (/api-reference), made at build time from openapi.yaml
 * (src/api-reference/model.ts): every operation grouped by tag, its fields and
 * rules, examples, answers and calls to copy.
 *
 * It is static HTML: when the page loads, the reference the build wrote is
 * kept as it is rather than hydrated (thousands of elements React would walk
 * for nothing), and one listener serves the copy buttons. Only when the page
 * is reached by a link inside the site, without that HTML, does React render it.
 */
export default function ApiReferencePage({ pageContext }: PageProps<object, ApiReferenceContext>): React.ReactElement {
  const { model } = pageContext;
  const [built] = useState(() => typeof document !== "undefined" && document.getElementById(BODY_ID)?.firstChild != null);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => (body.current ? listenForCopies(body.current, `.${styles.code}`) : undefined), []);
  return (
    <Layout headerVariant="white">
      {built ? (
        // The build's HTML stays: React does not replace what an empty innerHTML would while hydrating.
        <div id={BODY_ID} ref={body} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      ) : (
        <div id={BODY_ID} ref={body}>
          <Reference model={model} />
        </div>
      )}
    </Layout>
  );
}

function Reference({ model }: { model: ApiReferenceModel }): React.ReactElement {
  return (
    <>
      <section className={styles.hero} aria-labelledby="api-reference-heading">
        <div className="container">
          <h1 id="api-reference-heading">API reference</h1>
          <p className={styles.lead}>
            {model.title} · version <span data-testid="api-version">{model.version}</span>
          </p>
          <ul className={styles.meta}>
            {model.downloads.map((d) => (
              <li key={d.href}>
                <a href={d.href}>
                  The contract as {d.label} <span className={styles.metaPath}>({d.href})</span>
                </a>
              </li>
            ))}
            {model.contact && (
              <li>
                Contact:{" "}
                {model.contact.url ? <a href={model.contact.url}>{model.contact.name ?? model.contact.url}</a> : model.contact.name}
                {model.contact.email && (
                  <>
                    {" "}
                    <a href={`mailto:${model.contact.email}`}>{model.contact.email}</a>
                  </>
                )}
              </li>
            )}
            {model.license && <li>Licence: {model.license.url ? <a href={model.license.url}>{model.license.name}</a> : model.license.name}</li>}
          </ul>
        </div>
      </section>

      <div className={`container section ${styles.layout}`}>
        <nav className={styles.toc} aria-labelledby="api-contents">
          <h2 id="api-contents" className={styles.tocHeading}>
            Contents
          </h2>
          <ul>
            <li>
              <a href="#introduction">Introduction</a>
            </li>
            {model.groups.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`}>{group.name}</a>
                <ul>
                  {group.operations.map((op) => (
                    <li key={op.id}>
                      <a href={`#${op.id}`}>
                        <span className={styles.tocMethod}>{op.method}</span> <span className={styles.tocPath}>{op.path}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {model.sharedResponses.length > 0 && (
              <li>
                <a href="#common-answers">Common answers</a>
              </li>
            )}
          </ul>
        </nav>

        <div className={styles.content}>
          <section id="introduction">
            <h2 id="introduction-heading">Introduction</h2>
            <Text blocks={model.description} />
            <p>
              Examples call <code>{model.baseUrl}</code>. Types for <code>openapi-fetch</code> are generated from the contract with{" "}
              <code>openapi-typescript</code>.
            </p>
          </section>
          {model.groups.map((group) => (
            // Sections without a name: the tags are headings, not landmarks (a "Newsletter" one would repeat the footer's).
            <section key={group.id} id={group.id} className={styles.group}>
              <h2 id={`${group.id}-heading`}>{group.name}</h2>
              <Text blocks={group.description} />
              {group.operations.map((op) => (
                <OperationView key={op.id} op={op} uploadLimits={model.uploadLimits} />
              ))}
            </section>
          ))}
          {model.sharedResponses.length > 0 && (
            <section id="common-answers" className={styles.group}>
              <h2 id="common-answers-heading">Common answers</h2>
              <p>The answers several calls give, with their headers and example bodies.</p>
              {model.sharedResponses.map((response) => (
                <SharedResponseView key={response.id} response={response} />
              ))}
            </section>
          )}
        </div>
      </div>
    </>
  );
}

export function Head({ location, pageContext }: HeadProps<object, ApiReferenceContext>): React.ReactElement {
  const { model } = pageContext;
  return (
    <Seo
      title="API reference"
      description={`${model.title}, version ${model.version}: every call, its fields and rules, examples, answers and errors, with curl and openapi-fetch calls to copy.`}
      pathname={location.pathname}
    />
  );
}
