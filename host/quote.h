/* Text from a user or a file, made safe to show inside an error message. */
#ifndef QUOTE_H
#define QUOTE_H

#define QUOTE_MAX 40 /* characters of the text shown */
#define QUOTE_SIZE (QUOTE_MAX * 4 + sizeof "...")

/* At most QUOTE_MAX bytes of text, control characters spelled out (a stray
 * '\r' would garble the terminal), and "..." when cut, so one bad value
 * cannot push the problem out of the message. Returns out. */
const char *quote(char out[QUOTE_SIZE], const char *text);

#endif
