import React from "react";
import type { HeadProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";

export default function HomePage(): React.ReactElement {
  return (
    <Layout>
      <section className="container section">
        <h1>Home</h1>
      </section>
    </Layout>
  );
}

export function Head({ location }: HeadProps): React.ReactElement {
  return <Seo title="Home" description="Home" pathname={location.pathname} />;
}
