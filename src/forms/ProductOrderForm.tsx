import React, { useMemo } from "react";
import RULES from "../contract/form-rules/uploadProductOrder.json";
import { productNameFromSlug } from "./product-name";
import { RegisteredFormView } from "./RegisteredForm";
import { useRegisteredForm } from "./useRegisteredForm";
import { useFormWords } from "./useFormWords";
import { PRODUCT_ORDER_FORM_INITIAL } from "./values";

const LAYOUT = { file: { markRequired: false, showChosen: true } };

/**
 * The Order Form tab's upload of the answered questionnaire (multipart to
 * product_order_form). Without a file it says "Please select a file to
 * upload"; while uploading the button reads Uploading… and is disabled.
 */
export function ProductOrderForm({ slug }: { slug: string }): React.ReactElement {
  const words = useFormWords("product_order_form");
  const fixed = useMemo(() => ({ productName: productNameFromSlug(slug) }), [slug]);
  const noFile = words.noFile ?? undefined;
  const form = useRegisteredForm(RULES, words, {
    initialValues: PRODUCT_ORDER_FORM_INITIAL,
    fixed,
    disableWhileInvalid: false,
    blockedMessage: (values) => (values.file ? undefined : noFile),
  });
  return <RegisteredFormView form={form} words={words} layout={LAYOUT} grid={false} attributes={{ "data-product-name": slug }} />;
}

export default ProductOrderForm;
