/**
 * The forms' messages, exactly as the specification's error catalogue writes
 * them (spec/site.md section 8, spec/product-pages.md section 8).
 */
/** A failure without a message from the server (the same text as DEFAULT_ERROR_MESSAGE of src/contract/client.ts). */
export const GENERIC_FAILURE = "An error occurred. Please try again later.";
/** Newsletter, contact and demo success. */
export const SENT_MESSAGE = "Your message has been sent successfully!";
export const TALENT_COMMUNITY_SUCCESS = "Thanks for joining our talent community!";
export const APPLICATION_SUCCESS = "Application sent – best of luck!";
export const TRAINING_SUCCESS = "Training request submitted!";
export const SME_SUCCESS = "SME registration submitted!";
export const PARTNERSHIP_SUCCESS = "Partnership form submitted!";
/** Training, SME and partnership failure. */
export const SUBMISSION_FAILED = "Submission failed";
export const UPLOAD_SUCCESS = "File uploaded successfully!";
export const UPLOAD_FAILURE = "There was an error uploading your file. Please try again.";
export const NO_FILE_CHOSEN = "Please select a file to upload";
