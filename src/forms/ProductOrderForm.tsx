import React, { useMemo } from "react";
import type { MultipartBody } from "../contract/client";
import { loadClient } from "./api-client";
import contractRules from "../contract/form-rules/uploadProductOrder.json";
import { FileField } from "./FileField";
import { FormStatus } from "./FormStatus";
import { NO_FILE_CHOSEN, UPLOAD_FAILURE, UPLOAD_SUCCESS } from "./messages";
import { productNameFromSlug } from "./product-name";
import { useContractForm } from "./useContractForm";
import { MAIL_TYPES, ORDER_INITIAL } from "./values";
import type { FormRules } from "./validation";
import COMMON from "./texts/common.json";
import TEXT from "./texts/product-order.json";
import * as styles from "./Form.module.css";

const RULES = contractRules as FormRules;
const PATH = "/api/v1/contact/product_order_form";

/**
 * The Order Form tab's upload of the answered questionnaire (multipart to
 * product_order_form). Without a file it says "Please select a file to
 * upload"; while uploading the button reads Uploading… and is disabled.
 */
export function ProductOrderForm({ slug }: { slug: string }): React.ReactElement {
  const fixed = useMemo(() => ({ mailType: MAIL_TYPES.uploadProductOrder, productName: productNameFromSlug(slug) }), [slug]);
  const form = useContractForm({
    rules: RULES,
    initialValues: ORDER_INITIAL,
    fixed,
    disableWhileInvalid: false,
    blockedMessage: (values) => (values.file ? undefined : NO_FILE_CHOSEN),
    send: async (body) => (await loadClient()).postMultipart(PATH, body as MultipartBody<typeof PATH>),
    successMessage: UPLOAD_SUCCESS,
    failureMessage: () => UPLOAD_FAILURE,
    logFailure: true,
  });

  return (
    <form {...form.formProps} className={styles.form} data-form-slot="product-order" data-product-name={slug}>
      <FileField form={form} name="file" label={TEXT.labels.file} hint={COMMON.documentHint} chosenLabel={COMMON.chosenFile} markRequired={false} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn-dark" disabled={form.buttonDisabled} aria-busy={form.submitting || undefined}>
          {form.submitting ? TEXT.submitting : TEXT.submit}
        </button>
      </div>
      <FormStatus status={form.status} />
    </form>
  );
}

export default ProductOrderForm;
