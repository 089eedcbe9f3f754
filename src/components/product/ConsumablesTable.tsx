import React from "react";
import { Picture } from "../Picture";
import { fill } from "../../shared/utils/template";
import { formatCell, type FigureWords } from "../../utils/units";
import { NotGiven } from "./NotGiven";
import type { ConsumableToolData, ProductUi } from "./types";
import { useUnitSystem } from "./useUnitSystem";
import * as styles from "./SpecTable.module.css";
import * as own from "./ConsumablesTable.module.css";

interface ConsumablesTableProps {
  tools: ConsumableToolData[];
  labels: ProductUi["consumables"];
  notGivenLabel: string;
  /** The words between two figures, in the page's language (data/product-ui.json `figureWords`). */
  figureWords: FigureWords;
  scrollLabel: string;
}

/** The Consumables tab's cutting and bevel tools: model, description, angle, length and width (converted), drawing. */
export function ConsumablesTable({ tools, labels, notGivenLabel, figureWords, scrollLabel }: ConsumablesTableProps): React.ReactElement {
  const system = useUnitSystem();
  const missing = <NotGiven label={notGivenLabel} />;
  const measure = (cell: ConsumableToolData["length"]) =>
    cell === null || cell === undefined ? <td title={notGivenLabel} className={styles.notGiven}>{missing}</td> : <td className={styles.figure}>{formatCell(cell, system, undefined, figureWords)}</td>;

  return (
    <div className={styles.block} data-table-id="consumables">
      <section
        className={styles.scroll}
        aria-label={fill(scrollLabel, { title: labels.title })}
        // The frame scrolls sideways: it takes focus so keyboard users can scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className={styles.table}>
          <caption className={styles.caption}>{labels.title}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.model}</th>
              <th scope="col">{labels.description}</th>
              <th scope="col">{labels.angle}</th>
              <th scope="col">{labels.length}</th>
              <th scope="col">{labels.width}</th>
              <th scope="col">{labels.drawing}</th>
            </tr>
          </thead>
          <tbody>
            {tools.map((tool, i) => {
              const drawing = tool.drawing?.childImageSharp?.gatsbyImageData;
              return (
                <tr key={`${tool.model ?? "tool"}-${i}`}>
                  {tool.model ? (
                    <th scope="row">{tool.model}</th>
                  ) : (
                    <th scope="row" title={notGivenLabel} className={styles.notGiven}>
                      {missing}
                    </th>
                  )}
                  <td>{tool.description}</td>
                  <td className={styles.figure}>{tool.angle}</td>
                  {measure(tool.length)}
                  {measure(tool.width)}
                  <td className={own.drawingCell}>
                    {drawing ? (
                      <Picture
                        image={drawing}
                        alt={fill(labels.drawingAlt, { description: tool.description })}
                        className={own.drawing}
                      />
                    ) : (
                      missing
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
