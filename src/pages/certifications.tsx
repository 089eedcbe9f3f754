import React, { useCallback, useEffect, useState } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Link } from "../i18n/Link";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { Icon } from "../components/Icon";
import { useSiteData } from "../hooks/useSiteData";
import { companyPrefix, displayName, downloadFile, loadDownloadList, type DownloadRecord } from "../utils/downloads";
import * as styles from "./certifications.module.css";

interface CertificationsData {
  page: {
    meta: { title: string; description: string };
    heading: string;
    intro: string;
    policiesHeading: string;
    certificatesHeading: string;
    downloadLabel: string;
    loadingText: string;
    emptyText: string;
    fileTypeLabel: string;
    libraryText: string;
    libraryLinkLabel: string;
  };
}

interface FileSectionProps {
  id: string;
  heading: string;
  files: DownloadRecord[];
  prefix: string;
  downloadLabel: string;
  fileTypeLabel: string;
  emptyText: string;
  onDownload: (id: string) => void;
}

function FileSection({ id, heading, files, prefix, downloadLabel, fileTypeLabel, emptyText, onDownload }: FileSectionProps): React.ReactElement {
  return (
    <section className={styles.group} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.groupHeading}>
        {heading}
      </h2>
      {files.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <ul className={styles.list}>
          {files.map((file) => {
            const name = displayName(file, prefix);
            return (
              <li key={file.id} className={styles.item} data-file-id={file.id}>
                <Icon name="document" size={32} className={styles.icon} />
                <span className={styles.text}>
                  <span className={styles.name} data-display-name>
                    {name}
                  </span>
                  <span className={styles.type}>{fileTypeLabel}</span>
                </span>
                <button type="button" className={`btn btn-dark ${styles.button}`} onClick={() => onDownload(file.id)}>
                  <Icon name="download" size={20} />
                  {downloadLabel}
                  <span className="visually-hidden"> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * Certifications and policies: the policy and certificate
 * files of the download list, each with a Download button. The list is
 * fetched on load; a loading state shows until it arrives, and a failed load
 * counts as an empty list.
 */
export default function CertificationsPage({ data }: PageProps<CertificationsData>): React.ReactElement {
  const { page } = data;
  const { company } = useSiteData();
  const prefix = companyPrefix(company.shortName);
  const [files, setFiles] = useState<DownloadRecord[] | null>(null);

  useEffect(() => {
    let current = true;
    void loadDownloadList().then((list) => {
      if (current) setFiles(list);
    });
    return () => {
      current = false;
    };
  }, []);

  const onDownload = useCallback(
    (id: string) => {
      if (!downloadFile(id, files ?? [])) console.error("Failed to download file with ID", id);
    },
    [files],
  );

  const loading = files === null;
  const policies = (files ?? []).filter((f) => f.category === "policy");
  const certificates = (files ?? []).filter((f) => f.category === "certificate");
  const empty = !loading && policies.length === 0 && certificates.length === 0;
  const sectionProps = { prefix, downloadLabel: page.downloadLabel, fileTypeLabel: page.fileTypeLabel, emptyText: page.emptyText, onDownload };

  return (
    <Layout headerVariant="white">
      <section className={styles.hero} aria-labelledby="certifications-heading">
        <div className="container">
          <h1 id="certifications-heading">{page.heading}</h1>
          <p className={styles.lead}>{page.intro}</p>
          <p className={styles.library} data-testid="library-link">
            {page.libraryText.split("{link}")[0]}
            <Link to="/downloads">{page.libraryLinkLabel}</Link>
            {page.libraryText.split("{link}").slice(1).join("")}
          </p>
        </div>
      </section>

      <div className={`container section ${styles.content}`} aria-busy={loading}>
        <div role="status" className={loading ? styles.loading : empty ? styles.emptyAll : "visually-hidden"} data-testid="downloads-status">
          {loading && <span className={styles.spinner} aria-hidden="true" />}
          {loading ? page.loadingText : empty ? page.emptyText : ""}
        </div>
        {!loading && !empty && (
          <div className={styles.groups}>
            <FileSection id="policies-heading" heading={page.policiesHeading} files={policies} {...sectionProps} />
            <FileSection id="certificates-heading" heading={page.certificatesHeading} files={certificates} {...sectionProps} />
          </div>
        )}
      </div>
    </Layout>
  );
}

export const query = graphql`
  query CertificationsPage($lang: String!) {
    page: certificationsJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      heading
      intro
      policiesHeading
      certificatesHeading
      downloadLabel
      loadingText
      emptyText
      fileTypeLabel
      libraryText
      libraryLinkLabel
    }
  }
`;

export function Head({ data, location }: HeadProps<CertificationsData>): React.ReactElement {
  return <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname} />;
}
