/* Differential probe: libcurl curl_easy_escape / curl_easy_unescape (raw bytes, lengths given).
 * Reads "FUNC\tHEX" lines, writes "OK HEX" per line. */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nib(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

int main(void) {
    CURL *curl = curl_easy_init();
    static char line[1 << 20];
    static char buf[1 << 19];
    while (fgets(line, sizeof line, stdin)) {
        char *tab = strchr(line, '\t');
        if (!tab) return 2;
        *tab = 0;
        char *h = tab + 1;
        size_t hl = strcspn(h, "\n");
        size_t n = hl / 2;
        for (size_t i = 0; i < n; i++) buf[i] = (char)(nib(h[2 * i]) << 4 | nib(h[2 * i + 1]));
        char *r;
        int rl;
        /* A length of 0 tells libcurl to use strlen(): the empty input is answered here. */
        if (n == 0) { puts("OK "); continue; }
        if (strcmp(line, "curl_easy_escape") == 0) {
            r = curl_easy_escape(curl, buf, (int)n);
            rl = r ? (int)strlen(r) : -1;
        } else {
            r = curl_easy_unescape(curl, buf, (int)n, &rl);
        }
        if (!r) { puts("ERR null"); continue; }
        fputs("OK ", stdout);
        for (int i = 0; i < rl; i++) printf("%02x", (unsigned char)r[i]);
        putchar('\n');
        curl_free(r);
    }
    curl_easy_cleanup(curl);
    return 0;
}
