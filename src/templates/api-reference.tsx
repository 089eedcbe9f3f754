import React, { createContext, useContext, useEffect, useRef, useState } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { fill } from "../shared/utils/template";
import { CopyButton, listenForCopies, type CopyTexts } from "../api-reference/CopyButton";
import type { ApiReferenceModel, Block, Example, Field, Header, Inline, MediaType, Operation, Parameter, Response, SharedResponse, Webhook } from "../api-reference/model";
import * as styles from "./api-reference.module.css";

interface ApiReferenceContext {
  model: ApiReferenceModel;
}

/** The page's own words (data/api-reference.json); everything else comes from the contract. */
interface ApiReferenceTexts {
  meta: { title: string; description: string };
  heading: string;
  version: string;
  contractAs: string;
  contact: string;
  licence: string;
  contents: string;
  introduction: string;
  examplesCall: string;
  typesNote: string;
  commonAnswers: string;
  commonAnswersIntro: string;
  givenBy: string;
  operationId: string;
  deprecated: string;
  details: { withBody: string; withParameters: string; plain: string };
  parameters: string;
  requestBody: string;
  requiredBody: string;
  optionalBody: string;
  files: string;
  answers: string;
  calls: string;
  body: string;
  answerFields: string;
  headersAndBody: string;
  sharedLink: string;
  example: string;
  columns: Record<"field" | "name" | "in" | "header" | "type" | "required" | "rules" | "description" | "part" | "value", string>;
  required: string;
  optional: string;
  copy: CopyTexts;
  webhooks: Record<"sentTo" | "details" | "headers" | "payload" | "answers" | "receiver" | "receiverNote", string>;
  labels: Record<
    "curl" | "fetch" | "parameters" | "requestFields" | "request" | "answer" | "sharedAnswer" | "headers" | "fields" | "example" | "parts" | "partsCaption" | "payloadFields" | "payload" | "receiver",
    string
  >;
  rules: Record<"format" | "pattern" | "oneOf" | "length" | "value" | "items" | "to" | "atLeast" | "atMost" | "unique" | "nullable" | "partType" | "none" | "example" | "file", string>;
}

interface ApiReferenceData {
  texts: ApiReferenceTexts;
}

const Texts = createContext<ApiReferenceTexts | undefined>(undefined);

function useTexts(): ApiReferenceTexts {
  const texts = useContext(Texts);
  if (!texts) throw new Error("the API reference's texts are missing");
  return texts;
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
  const t = useTexts();
  return (
    <div className={styles.code}>
      <div className={styles.codeBar}>
        <span className={styles.codeLabel}>{label}</span>
        {copy && <CopyButton label={label} texts={t.copy} className={styles.copy} />}
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
  const t = useTexts().rules;
  const rules: React.ReactNode[] = [];
  if (field.format) rules.push(<>{t.format} <code>{field.format}</code></>);
  if (field.patternMessage) rules.push(<>{field.patternMessage}</>);
  if (field.pattern) {
    rules.push(
      <>
        {t.pattern} <code className={styles.pattern}>{field.pattern}</code>
      </>,
    );
  }
  if (field.enum) {
    rules.push(
      <>
        {t.oneOf}{" "}
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
    if (min !== undefined && max !== undefined) rules.push(<>{`${what} ${min} ${t.to} ${max}`}</>);
    else if (min !== undefined) rules.push(<>{`${what} ${t.atLeast} ${min}`}</>);
    else if (max !== undefined) rules.push(<>{`${what} ${t.atMost} ${max}`}</>);
  };
  range(t.length, field.minLength, field.maxLength);
  range(t.value, field.minimum, field.maximum);
  range(t.items, field.minItems, field.maxItems);
  if (field.uniqueItems) rules.push(<>{t.unique}</>);
  if (field.nullable) rules.push(<>{t.nullable} <code>null</code></>);
  if (field.partContentType) {
    const [before, after] = t.partType.split("{type}");
    rules.push(
      <>
        {before}
        <code>{field.partContentType}</code>
        {after}
      </>,
    );
  }
  if (rules.length === 0) return <>{t.none}</>;
  return (
    <ul className={styles.rules}>
      {rules.map((rule, i) => (
        <li key={i}>{rule}</li>
      ))}
    </ul>
  );
}

function FieldTable({ fields, caption }: { fields: Field[]; caption: string }): React.ReactElement {
  const t = useTexts();
  return (
    <Scroll label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.field}</th>
            <th scope="col">{t.columns.type}</th>
            <th scope="col">{t.columns.required}</th>
            <th scope="col">{t.columns.rules}</th>
            <th scope="col">{t.columns.description}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} data-field={field.name} data-required={field.required}>
              <th scope="row">
                <code>{field.name}</code>
              </th>
              <td>{field.type}</td>
              <td className={field.required ? styles.required : styles.optional}>{field.required ? t.required : t.optional}</td>
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

/** Parameters, or (`headers`) the headers an event is sent with: then without the column saying where each goes. */
function ParameterTable({ parameters, caption, headers = false }: { parameters: Parameter[]; caption: string; headers?: boolean }): React.ReactElement {
  const t = useTexts();
  return (
    <Scroll label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{headers ? t.columns.header : t.columns.name}</th>
            {!headers && <th scope="col">{t.columns.in}</th>}
            <th scope="col">{t.columns.required}</th>
            <th scope="col">{t.columns.rules}</th>
            <th scope="col">{t.columns.description}</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => (
            <tr key={`${p.in}:${p.name}`} data-parameter={p.name}>
              <th scope="row">
                <code>{p.name}</code>
              </th>
              {!headers && <td>{p.in}</td>}
              <td className={p.required ? styles.required : styles.optional}>{p.required ? t.required : t.optional}</td>
              <td>
                <Rules
                  field={{ name: p.name, type: p.type, required: p.required, description: [], minLength: p.minLength, maxLength: p.maxLength, pattern: p.pattern, patternMessage: p.patternMessage }}
                />
                {p.example !== undefined && (
                  <p className={styles.cellText}>
                    {t.rules.example} <code>{p.example}</code>
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
  const t = useTexts();
  return (
    <Scroll label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.header}</th>
            <th scope="col">{t.columns.type}</th>
            <th scope="col">{t.columns.description}</th>
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
                    {t.rules.example} <code>{h.example}</code>
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
  const t = useTexts();
  const title = example.summary ?? example.name;
  return (
    <div className={styles.example}>
      <p className={styles.exampleTitle}>
        {t.example} <strong>{title}</strong>
      </p>
      <Text blocks={example.description} />
      {example.parts ? (
        <Scroll label={fill(t.labels.parts, { context, title })}>
          <table className={styles.table}>
            <caption className="visually-hidden">{fill(t.labels.partsCaption, { context, title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.part}</th>
                <th scope="col">{t.columns.value}</th>
              </tr>
            </thead>
            <tbody>
              {example.parts.map((part) => (
                <tr key={part.name}>
                  <th scope="row">
                    <code>{part.name}</code>
                  </th>
                  <td>{part.file ? <>{t.rules.file} <code>{part.value}</code></> : <code className={styles.pattern}>{part.value}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : (
        <Code code={example.json} label={fill(t.labels.example, { context, title, media: media.mediaType })} copy={false} />
      )}
    </div>
  );
}

function ResponseView({ response, context, level = 5 }: { response: Response; context: string; level?: 3 | 5 }): React.ReactElement {
  const t = useTexts();
  const Heading = level === 3 ? "h3" : "h5";
  const body = (
    <>
      {response.headers.length > 0 && <HeaderTable headers={response.headers} caption={fill(t.labels.headers, { context })} />}
      {response.content.map((media) => (
        <div key={media.mediaType}>
          <p className={styles.media}>
            {t.body} <code>{media.mediaType}</code>
          </p>
          {media.examples.map((example) => (
            <ExampleView key={example.name} example={example} media={media} context={context} />
          ))}
          {media.fields.length > 0 && (
            <details className={styles.details}>
              <summary>{t.answerFields}</summary>
              <FieldTable fields={media.fields} caption={fill(t.labels.fields, { context })} />
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
          <a href={`#${response.shared}`}>{fill(t.sharedLink, { status: response.status })}</a>
        </p>
      )}
      {level === 3 && (response.headers.length > 0 || response.content.length > 0) ? (
        // A common answer: its headers and bodies one step away, like each call's details.
        <details className={styles.more} data-answer-details>
          <summary>{t.headersAndBody}</summary>
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
  const t = useTexts();
  return (
    <article id={response.id} className={styles.operation} aria-label={`${response.status} ${response.reason} (${response.name})`} data-shared-response={response.name}>
      <ResponseView response={response} context={fill(t.labels.sharedAnswer, { name: response.name })} level={3} />
      <p className={styles.opId}>
        {t.givenBy}{" "}
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

/** A request's body: its media type, files, field table and examples (a call's request, or the payload of an event). */
function BodyView({
  body,
  heading,
  caption,
  context,
  uploadLimits,
}: {
  body: NonNullable<Operation["requestBody"]>;
  heading: string;
  caption: string;
  context: string;
  uploadLimits: Block[];
}): React.ReactElement {
  const t = useTexts();
  return (
    <>
      {body.content.map((media) => (
        <div key={media.mediaType}>
          <h4>{heading}</h4>
          <p className={styles.media}>
            <code>{media.mediaType}</code> {body.required ? t.requiredBody : t.optionalBody}
          </p>
          <Text blocks={body.description} />
          {media.uploads.length > 0 && (
            <div className={styles.uploads}>
              <p>{t.files}</p>
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
          <FieldTable fields={media.fields} caption={caption} />
          {media.examples.map((example) => (
            <ExampleView key={example.name} example={example} media={media} context={context} />
          ))}
        </div>
      ))}
    </>
  );
}

/** An event the server sends (x-webhooks): its headers, payload, examples, the answers it expects and a receiver to copy. */
function WebhookView({ hook }: { hook: Webhook }): React.ReactElement {
  const t = useTexts();
  const headingId = `${hook.id}-heading`;
  return (
    <article id={hook.id} className={styles.operation} aria-labelledby={headingId} data-webhook={hook.name}>
      <h3 id={headingId} className={styles.operationHeading}>
        <span className={styles.method} data-method={hook.method}>
          {hook.method}
        </span>{" "}
        <code className={styles.path}>{hook.name}</code>
      </h3>
      <p className={styles.summary}>{hook.summary}</p>
      <p>{fill(t.webhooks.sentTo, { method: hook.method })}</p>
      <Text blocks={hook.description} />
      {(hook.operationId || hook.deprecated) && (
        <p className={styles.opId}>
          {hook.operationId && (
            <>
              {t.operationId} <code>{hook.operationId}</code>
            </>
          )}
          {hook.deprecated && <strong> · {t.deprecated}</strong>}
        </p>
      )}

      <details className={styles.more} data-webhook-details>
        <summary>{t.webhooks.details}</summary>
        {hook.headers.length > 0 && (
          <>
            <h4>{t.webhooks.headers}</h4>
            <ParameterTable parameters={hook.headers} caption={fill(t.labels.headers, { context: hook.id })} headers />
          </>
        )}
        {hook.requestBody && (
          <BodyView body={hook.requestBody} heading={t.webhooks.payload} caption={fill(t.labels.payloadFields, { id: hook.id })} context={fill(t.labels.payload, { id: hook.id })} uploadLimits={[]} />
        )}

        <h4>{t.webhooks.answers}</h4>
        {hook.responses.map((response) => (
          <ResponseView key={response.status} response={response} context={fill(t.labels.answer, { id: hook.id, status: response.status })} />
        ))}

        <h4>{t.webhooks.receiver}</h4>
        {hook.standardWebhooks && <p>{t.webhooks.receiverNote}</p>}
        <Code code={hook.receiver} label={fill(t.labels.receiver, { id: hook.id })} />
      </details>
    </article>
  );
}

function OperationView({ op, uploadLimits }: { op: Operation; uploadLimits: Block[] }): React.ReactElement {
  const t = useTexts();
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
        {t.operationId} <code>{op.id}</code>
        {op.deprecated && <strong> · {t.deprecated}</strong>}
      </p>

      {/* Closed at first: a page of every call laid out at once is slow to show on a phone; fragment links and find-in-page open it. */}
      <details className={styles.more} data-operation-details>
        <summary>{op.requestBody ? t.details.withBody : op.parameters.length > 0 ? t.details.withParameters : t.details.plain}</summary>

      {op.parameters.length > 0 && (
        <>
          <h4>{t.parameters}</h4>
          <ParameterTable parameters={op.parameters} caption={fill(t.labels.parameters, { id: op.id })} />
        </>
      )}

      {op.requestBody && (
        <BodyView body={op.requestBody} heading={t.requestBody} caption={fill(t.labels.requestFields, { id: op.id })} context={fill(t.labels.request, { id: op.id })} uploadLimits={uploadLimits} />
      )}

      <h4>{t.answers}</h4>
      {op.responses.map((response) => (
        <ResponseView key={response.status} response={response} context={fill(t.labels.answer, { id: op.id, status: response.status })} />
      ))}

      <h4>{t.calls}</h4>
      <Code code={op.snippets.curl} label={fill(t.labels.curl, { id: op.id })} />
      <Code code={op.snippets.fetch} label={fill(t.labels.fetch, { id: op.id })} />
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
export default function ApiReferencePage({ data, pageContext }: PageProps<ApiReferenceData, ApiReferenceContext>): React.ReactElement {
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
          <Texts.Provider value={data.texts}>
            <Reference model={model} />
          </Texts.Provider>
        </div>
      )}
    </Layout>
  );
}

function Reference({ model }: { model: ApiReferenceModel }): React.ReactElement {
  const t = useTexts();
  return (
    <>
      <section className={styles.hero} aria-labelledby="api-reference-heading">
        <div className="container">
          <h1 id="api-reference-heading">{t.heading}</h1>
          <p className={styles.lead}>
            {model.title} · {t.version} <span data-testid="api-version">{model.version}</span>
          </p>
          <ul className={styles.meta}>
            {model.downloads.map((d) => (
              <li key={d.href}>
                <a href={d.href}>
                  {t.contractAs} {d.label} <span className={styles.metaPath}>({d.href})</span>
                </a>
              </li>
            ))}
            {model.contact && (
              <li>
                {t.contact}{" "}
                {model.contact.url ? <a href={model.contact.url}>{model.contact.name ?? model.contact.url}</a> : model.contact.name}
                {model.contact.email && (
                  <>
                    {" "}
                    <a href={`mailto:${model.contact.email}`}>{model.contact.email}</a>
                  </>
                )}
              </li>
            )}
            {model.license && <li>{t.licence} {model.license.url ? <a href={model.license.url}>{model.license.name}</a> : model.license.name}</li>}
          </ul>
        </div>
      </section>

      <div className={`container section ${styles.layout}`}>
        <nav className={styles.toc} aria-labelledby="api-contents">
          <h2 id="api-contents" className={styles.tocHeading}>
            {t.contents}
          </h2>
          <ul>
            <li>
              <a href="#introduction">{t.introduction}</a>
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
                  {group.webhooks.map((hook) => (
                    <li key={hook.id}>
                      <a href={`#${hook.id}`}>
                        <span className={styles.tocMethod}>{hook.method}</span> <span className={styles.tocPath}>{hook.name}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {model.sharedResponses.length > 0 && (
              <li>
                <a href="#common-answers">{t.commonAnswers}</a>
              </li>
            )}
          </ul>
        </nav>

        <div className={styles.content}>
          <section id="introduction">
            <h2 id="introduction-heading">{t.introduction}</h2>
            <Text blocks={model.description} />
            <p>
              {t.examplesCall} <code>{model.baseUrl}</code>. {t.typesNote}
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
              {group.webhooks.map((hook) => (
                <WebhookView key={hook.id} hook={hook} />
              ))}
            </section>
          ))}
          {model.sharedResponses.length > 0 && (
            <section id="common-answers" className={styles.group}>
              <h2 id="common-answers-heading">{t.commonAnswers}</h2>
              <p>{t.commonAnswersIntro}</p>
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

export function Head({ data, location, pageContext }: HeadProps<ApiReferenceData, ApiReferenceContext>): React.ReactElement {
  const { model } = pageContext;
  const { meta } = data.texts;
  return <Seo title={meta.title} description={fill(meta.description, { title: model.title, version: model.version })} pathname={location.pathname} languages={["en"]} />;
}

export const query = graphql`
  query ApiReferencePage {
    texts: apiReferenceJson {
      meta {
        title
        description
      }
      heading
      version
      contractAs
      contact
      licence
      contents
      introduction
      examplesCall
      typesNote
      commonAnswers
      commonAnswersIntro
      givenBy
      operationId
      deprecated
      details {
        withBody
        withParameters
        plain
      }
      parameters
      requestBody
      requiredBody
      optionalBody
      files
      answers
      calls
      body
      answerFields
      headersAndBody
      sharedLink
      example
      columns {
        field
        name
        in
        header
        type
        required
        rules
        description
        part
        value
      }
      required
      optional
      copy {
        button
        label
        done
        failed
      }
      webhooks {
        sentTo
        details
        headers
        payload
        answers
        receiver
        receiverNote
      }
      labels {
        curl
        fetch
        parameters
        requestFields
        request
        answer
        sharedAnswer
        headers
        fields
        example
        parts
        partsCaption
        payloadFields
        payload
        receiver
      }
      rules {
        format
        pattern
        oneOf
        length
        value
        items
        to
        atLeast
        atMost
        unique
        nullable
        partType
        none
        example
        file
      }
    }
  }
`;
