/** The product's name: one constant for greetings, toasts, titles and legal pages. */
export const PRODUCT_NAME = 'Growthwise';
