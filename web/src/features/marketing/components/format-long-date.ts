/** Today as 'MMMM d, yyyy' ('January 5, 2025'), the long date format of spec section 9. */
export const formatLongDate = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
