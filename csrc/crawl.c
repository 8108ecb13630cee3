/* The crawl wing's SURT column: the Internet Archive's SURT key (urikit._crawl.surt,
   form "ia", made of the "ia" profile) of the rows it is plain for, every other row
   left to Python (urikit.surt), over an Arrow column in one row loop (columns.c's
   map_column).  Part of core.c's one translation unit.

   A row is plain when it is printable ASCII without '%' (nothing to decode, nothing to
   escape), of a special scheme (CRAWL_SPECIAL) with an authority, and its host is
   letters, digits, '-', '.', '_', '~' without an empty label and with a last label
   that does not start with a digit (no IPv4 address: WHATWG URL §3.5 "ends in a
   number"), or a file URL's empty host; its path has no segment that starts with "."
   (dot segments) nor "(" (ASP.NET session segments); its query has no '&' (no order
   to sort, no ColdFusion pair) nor "sid=" nor "sessionid" (any case: the names of
   the session ids the profile drops).  There the RFC 3987 split is the profile's
   lenient split (urikit._crawl.lenient, its common form), and the profile's steps come
   to this: the scheme, the userinfo and the fragment dropped; the host lower-cased,
   its leading www labels dropped while two labels remain (steps.strip_www), its labels
   reversed and joined by ","; the Internet Archive's default port of the scheme
   dropped, another written without its leading zeros; then ")", the path with its runs
   of "/" as one, "/" for the empty path, lower-cased, without a trailing "/" but the
   root's; the query lower-cased, none where it is empty.  A file URL's empty host keys
   as "file:" and the path and query.  tests/test_crawl_surt_column.py holds the
   column to urikit.surt, row for row. */

static inline unsigned char
ascii_lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* s[0:n] is the ASCII text t, in any case. */
static int
same_nocase(const unsigned char *s, Py_ssize_t n, const char *t)
{
    Py_ssize_t k = 0;
    for (; k < n && t[k]; k++)
        if (ascii_lower(s[k]) != (unsigned char)t[k])
            return 0;
    return k == n && t[k] == '\0';
}

/* s[0:n] holds the lower-case ASCII text t, in any case. */
static int
holds_nocase(const unsigned char *s, Py_ssize_t n, const char *t)
{
    Py_ssize_t m = (Py_ssize_t)strlen(t);
    for (Py_ssize_t i = 0; i + m <= n; i++) {
        Py_ssize_t k = 0;
        while (k < m && ascii_lower(s[i + k]) == (unsigned char)t[k])
            k++;
        if (k == m)
            return 1;
    }
    return 0;
}

static inline int
host_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '.' || c == '_' || c == '~';
}

/* The host h[0:n] (plain) lower-cased, from its first label that is kept (its leading
   www labels dropped while two labels remain), its labels reversed, joined by ",". */
static void
put_reversed_host(const unsigned char *h, Py_ssize_t n, Buf_ucs1 *out)
{
    Py_ssize_t start = 0;
    for (;;) { /* "www" and up to CRAWL_WWW_DIGITS digits, then ".", and a "." after */
        Py_ssize_t i = start + 3;
        if (i >= n || !same_nocase(h + start, 3, "www"))
            break;
        while (i < n && i - start - 3 < CRAWL_WWW_DIGITS && h[i] >= '0' && h[i] <= '9')
            i++;
        if (i >= n || h[i] != '.' || memchr(h + i + 1, '.', (size_t)(n - i - 1)) == NULL)
            break;
        start = i + 1;
    }
    Py_ssize_t end = n;
    while (end > start) {
        Py_ssize_t dot = end;
        while (dot > start && h[dot - 1] != '.')
            dot--;
        for (Py_ssize_t k = dot; k < end; k++)
            out->p[out->n++] = ascii_lower(h[k]);
        if (dot > start)
            out->p[out->n++] = ',';
        end = dot - 1;
    }
}

/* The path p[0:n] with its runs of "/" as one, lower-cased, "/" when empty, without a
   trailing "/" but the root's; then the query, when there is one and it is not empty. */
static void
put_path_and_query(const Ref_ucs1 *ref, Buf_ucs1 *out)
{
    const unsigned char *p = AT(ref, PATH);
    Py_ssize_t n = LEN(ref, PATH), from = out->n;
    for (Py_ssize_t k = 0; k < n; k++)
        if (p[k] != '/' || k == 0 || p[k - 1] != '/')
            out->p[out->n++] = ascii_lower(p[k]);
    if (out->n == from)
        out->p[out->n++] = '/';
    else if (out->n - from > 1 && out->p[out->n - 1] == '/')
        out->n--;
    if (HAS(ref, QUERY) && LEN(ref, QUERY) > 0) {
        const unsigned char *q = AT(ref, QUERY);
        out->p[out->n++] = '?';
        for (Py_ssize_t k = 0; k < LEN(ref, QUERY); k++)
            out->p[out->n++] = ascii_lower(q[k]);
    }
}

/* The key of a row (status 1), or 2: a row for Python. */
static int
surt_row(const Ref_ucs1 *ref, void *context, Buf_ucs1 *out)
{
    const unsigned char *s = ref->s;
    if (!HAS(ref, SCHEME) || !HAS(ref, AUTHORITY))
        return 2;
    for (Py_ssize_t k = 0; k < ref->n; k++)
        if (s[k] < 0x21 || s[k] > 0x7E || s[k] == '%')
            return 2;
    int special = -1;
    for (int k = 0; k < N_CRAWL_SPECIAL && special < 0; k++)
        if (same_nocase(AT(ref, SCHEME), LEN(ref, SCHEME), CRAWL_SPECIAL[k][0]))
            special = k;
    if (special < 0)
        return 2;
    const unsigned char *path = AT(ref, PATH);
    Py_ssize_t pn = LEN(ref, PATH);
    if (memchr(path, '(', (size_t)pn) != NULL || (pn && path[0] == '.'))
        return 2;
    for (Py_ssize_t k = 0; k + 1 < pn; k++)
        if (path[k] == '/' && path[k + 1] == '.')
            return 2;
    if (HAS(ref, QUERY)) {
        const unsigned char *q = AT(ref, QUERY);
        Py_ssize_t qn = LEN(ref, QUERY);
        if (memchr(q, '&', (size_t)qn) != NULL || holds_nocase(q, qn, "sid=") ||
            holds_nocase(q, qn, "sessionid"))
            return 2;
    }
    if (buf_reserve_ucs1(out, ref->n + 1) < 0) /* a key is never longer: "://" goes */
        return -1;
    const unsigned char *h = AT(ref, HOST);
    Py_ssize_t hn = LEN(ref, HOST);
    if (hn == 0) { /* file:///a: no host to reverse, the URL without its authority */
        if (strcmp(CRAWL_SPECIAL[special][0], "file") != 0)
            return 2;
        memcpy(out->p + out->n, "file:", 5);
        out->n += 5;
        put_path_and_query(ref, out);
        return 1;
    }
    Py_ssize_t last = 0; /* where the last label starts */
    for (Py_ssize_t k = 0; k < hn; k++) {
        if (!host_char(h[k]) || (h[k] == '.' && (k == 0 || k == hn - 1 || h[k - 1] == '.')))
            return 2;
        if (h[k] == '.')
            last = k + 1;
    }
    if (h[last] >= '0' && h[last] <= '9')
        return 2;
    put_reversed_host(h, hn, out);
    if (HAS(ref, PORT) && LEN(ref, PORT) > 0) {
        const unsigned char *port = AT(ref, PORT);
        Py_ssize_t n = LEN(ref, PORT), zeros = 0;
        while (zeros < n - 1 && port[zeros] == '0')
            zeros++;
        const char *elided = CRAWL_SPECIAL[special][1];
        if (!(n - zeros == (Py_ssize_t)strlen(elided) &&
              memcmp(port + zeros, elided, (size_t)(n - zeros)) == 0)) {
            out->p[out->n++] = ':';
            memcpy(out->p + out->n, port + zeros, (size_t)(n - zeros));
            out->n += n - zeros;
        }
    }
    out->p[out->n++] = ')';
    put_path_and_query(ref, out);
    return 1;
}

PyDoc_STRVAR(column_surt_doc,
             "column_surt(validity, offsets, data, offset, length, large) -> ((validity, "
             "offsets, data), left)\n\nThe Internet Archive's SURT key of each plain row "
             "(urikit.surt, form 'ia'), null elsewhere, and the indices of the non-null rows "
             "left to Python (every row that is not plain, an IRI reference or not).");

static PyObject *
core_column_surt(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 6, "column_surt") < 0)
        return NULL;
    Column c;
    if (column_open(&c, args) < 0)
        return NULL;
    PyObject *result = map_column(&c, G_RFC3987, surt_row, NULL, 1, 1);
    column_close(&c);
    return result;
}
