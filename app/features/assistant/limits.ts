/** How long a question and a conversation's title may be (the form's maxlength and the schema agree). */
export const QUESTION_LENGTH = 2000;
export const TITLE_LENGTH = 80;
