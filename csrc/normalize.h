/* Normalization for one code unit width: RFC 3986 §6.2.2 (syntax) and §6.2.3 (scheme).
   normalize.c includes this file once per width with CH (the code unit type) and UNIT(x)
   (the name of x for that width) defined: the one algorithm, over str's code points and
   over Latin-1 or UTF-8 bytes, which it copies and never decodes (what it changes is
   ASCII: letters' case, pct-encoded triplets of unreserved octets, dot-segments). */

/* §6.2.2.1 and §6.2.2.2: each pct-encoded triplet of s[0:n] decoded when it is an
   unreserved octet, else with upper-case hex digits; with `lower`, ASCII letters in
   lower case too (a host: RFC 3986 §6.2.2.1, RFC 3987 §5.3.2.1).  With `pct` 0, s is
   known to hold no '%'. */
static int
UNIT(put_pct_normal)(UNIT(Buf) *out, const CH *s, Py_ssize_t n, int lower, int pct)
{
    if (UNIT(buf_reserve)(out, n) < 0)
        return -1;
    CH *o = out->p + out->n;
    Py_ssize_t i = 0;
    while (i < n) {
        Py_ssize_t j = pct ? UNIT(find_unit)(s, i, n, '%') : n; /* to the next '%': as it is */
        if (lower) {
            if (sizeof(CH) == 1 && j - i >= 4) { /* eight bytes at a time, or four twice */
                o += lower_bytes((unsigned char *)o, (const unsigned char *)(s + i), j - i);
                i = j;
            }
            for (; i < j; i++) {
                CH c = s[i];
                *o++ = sizeof(CH) == 1 ? (CH)ASCII_LOWER[c & 0xFF] /* A-Z to a-z */
                                       : (CH)(c | ((CH)((Py_UCS4)(c - 'A') < 26) << 5));
            }
        }
        else {
            memcpy(o, s + i, (size_t)(j - i) * sizeof(CH));
            o += j - i;
            i = j;
        }
        if (i == n)
            break;
        if (i + 2 < n && is_hex(s[i + 1]) && is_hex(s[i + 2])) {
            int octet = hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]);
            if (octet < 128 && (ASCII_CLASSES[0][octet] & CL_UNRESERVED)) {
                CH c = (CH)octet;
                if (lower && c >= 'A' && c <= 'Z')
                    c |= 0x20;
                *o++ = c;
            }
            else {
                *o++ = '%';
                *o++ = (CH)HEX_UPPER[octet >> 4];
                *o++ = (CH)HEX_UPPER[octet & 15];
            }
            i += 3;
        }
        else { /* a '%' of no triplet (the scan let none through: kept as it is) */
            *o++ = '%';
            i++;
        }
    }
    out->n = o - out->p;
    return 0;
}

static int
UNIT(equal_ascii)(const CH *s, Py_ssize_t n, PyObject *text)
{
    if (!PyUnicode_Check(text) || PyUnicode_GET_LENGTH(text) != n)
        return 0;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyUnicode_READ(kind, data, i) != s[i])
            return 0;
    return 1;
}

/* Normalize the reference r (grammar g) at level 1 (syntax) or 2 (scheme) into out,
   the schemes' facts read through the cache `schemes`.  1: done; 2: the Python path must
   do it; -1: an exception. */
static int
UNIT(normalize_ref)(const UNIT(Ref) *r, int g, int level, SchemeCache *schemes, UNIT(Buf) *out)
{
    UNIT(Buf) tmp; /* the path, when it has triplets to normalize */
    UNIT(buf_init)(&tmp);
    int status = -1, pct = !r->no_pct;
    if (g == 1 && pct && UNIT(find_unit)(r->s, 0, r->n, '%') < r->n) {
        status = 2; /* RFC 3987 §5.3.2.3: decoding UCS escapes is the Python path's */
        goto done;
    }
    /* scheme ":" "//" userinfo "@" host, written into out as they are normalized (§6.2.3
       may then drop the host, the last of them) */
    int has_scheme = HAS(r, SCHEME), has_host = HAS(r, HOST);
    Py_ssize_t scheme_at = out->n, userinfo_n = 0, host_at = 0;
    if (has_scheme && UNIT(put_pct_normal)(out, AT(r, SCHEME), LEN(r, SCHEME), 1, pct) < 0)
        goto done;
    Py_ssize_t scheme_n = out->n - scheme_at;
    if (has_scheme && UNIT(buf_ascii)(out, ":") < 0)
        goto done;
    if (has_host) {
        if (UNIT(buf_ascii)(out, "//") < 0)
            goto done;
        if (HAS(r, USERINFO)) {
            Py_ssize_t at = out->n;
            if (UNIT(put_pct_normal)(out, AT(r, USERINFO), LEN(r, USERINFO), 0, pct) < 0)
                goto done;
            userinfo_n = out->n - at;
            if (UNIT(buf_ascii)(out, "@") < 0)
                goto done;
        }
        host_at = out->n;
        const CH *h = AT(r, HOST);
        Py_ssize_t hn = LEN(r, HOST);
        if (hn && h[0] == '[') { /* an RFC 6874 zone keeps its case */
            Py_ssize_t zone = 0;
            while (zone < hn && h[zone] != '%')
                zone++;
            if (UNIT(put_pct_normal)(out, h, zone, 1, pct) < 0 ||
                UNIT(put_pct_normal)(out, h + zone, hn - zone, 0, pct) < 0)
                goto done;
        }
        else if (UNIT(put_pct_normal)(out, h, hn, 1, pct) < 0)
            goto done;
    }
    const CH *decoded = AT(r, PATH); /* the path, its triplets normalized */
    Py_ssize_t decoded_n = LEN(r, PATH);
    if (pct && UNIT(find_unit)(decoded, 0, decoded_n, '%') < decoded_n) {
        if (UNIT(put_pct_normal)(&tmp, decoded, decoded_n, 0, pct) < 0)
            goto done;
        decoded = tmp.p;
        decoded_n = tmp.n;
    }
    int root_if_empty = 0;
    const CH *port = HAS(r, PORT) ? AT(r, PORT) : NULL;
    Py_ssize_t port_n = HAS(r, PORT) ? LEN(r, PORT) : 0;
    if (level == LEVEL_SCHEME && has_scheme) { /* §6.2.3 */
        if (port != NULL && port_n == 0)
            port = NULL; /* an empty port goes */
        /* the scheme's facts, by its lower-case name (ASCII: §3.1), once per scheme */
        const CH *lowered = out->p + scheme_at;
        char stack[64], *name = stack;
        if (sizeof(CH) == 1)
            name = (char *)lowered;
        else if (scheme_n > 64 && (name = PyMem_Malloc((size_t)scheme_n)) == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        if (sizeof(CH) != 1)
            for (Py_ssize_t i = 0; i < scheme_n; i++)
                name[i] = (char)lowered[i];
        const SchemeEntry *facts = scheme_lookup(schemes, name, scheme_n);
        if (name != stack && sizeof(CH) != 1)
            PyMem_Free(name);
        if (facts == NULL)
            goto done;
        if (facts->known) {
            if (facts->custom_path && !HAS(r, AUTHORITY)) {
                status = 2;
                goto done;
            }
            if (facts->default_port != NO_PORT && port != NULL) { /* the default port goes */
                while (port_n > 1 && port[0] == '0') {
                    port++;
                    port_n--;
                }
                if (facts->default_port == BIG_PORT || port_n > 18) {
                    status = 2; /* Python compares strings of any length */
                    goto done;
                }
                long long got = 0;
                for (Py_ssize_t i = 0; i < port_n; i++)
                    got = got * 10 + (long long)(port[i] - '0');
                if (got == facts->default_port)
                    port = NULL;
            }
            if (facts->default_host != NULL && has_host && userinfo_n == 0 && port == NULL) {
                if (sizeof(CH) == 1 && !facts->default_host_ascii) {
                    status = 2; /* one-byte units may be UTF-8: Python compares */
                    goto done;
                }
                if (UNIT(equal_ascii)(out->p + host_at, out->n - host_at, facts->default_host))
                    out->n = host_at; /* the scheme's default host is the empty one */
            }
            root_if_empty = has_host && facts->empty_path_is_root;
        }
    }
    if (has_host) {
        if (port != NULL && (UNIT(buf_ascii)(out, ":") < 0 || UNIT(buf_put)(out, port, port_n) < 0))
            goto done;
    }
    /* the path, written in place: §6.2.2.3 remove_dot_segments, then what must precede it */
    Py_ssize_t at = out->n;
    if (has_scheme || (decoded_n && decoded[0] == '/')) {
        if ((decoded == AT(r, PATH) ? UNIT(remove_path_dots)(r, 0, out)
                                    : UNIT(remove_dots)(decoded, decoded_n, 0, out)) < 0)
            goto done;
    }
    else if (UNIT(buf_put)(out, decoded, decoded_n) < 0)
        goto done;
    Py_ssize_t path_n = out->n - at;
    if (root_if_empty && path_n == 0) { /* §6.2.3: an empty path is "/" */
        if (UNIT(buf_ascii)(out, "/") < 0)
            goto done;
        path_n = 1;
    }
    const CH *path = out->p + at;
    const char *before = NULL;
    if (has_host) {
        if (path_n && path[0] != '/')
            before = "/";
    }
    else if (path_n >= 2 && path[0] == '/' && path[1] == '/')
        before = "/."; /* §3.3: "//" without an authority stays a path */
    else if (!has_scheme) { /* §4.2: ":" in a first segment would read as a scheme */
        for (Py_ssize_t i = 0; i < path_n && path[i] != '/'; i++)
            if (path[i] == ':') {
                before = "./";
                break;
            }
    }
    if (before != NULL) {
        Py_ssize_t k = (Py_ssize_t)strlen(before);
        if (UNIT(buf_reserve)(out, k) < 0)
            goto done;
        memmove(out->p + at + k, out->p + at, (size_t)path_n * sizeof(CH));
        for (Py_ssize_t i = 0; i < k; i++)
            out->p[at + i] = (CH)before[i];
        out->n += k;
    }
    if (HAS(r, QUERY) &&
        (UNIT(buf_ascii)(out, "?") < 0 ||
         UNIT(put_pct_normal)(out, AT(r, QUERY), LEN(r, QUERY), 0, pct) < 0))
        goto done;
    if (HAS(r, FRAGMENT) &&
        (UNIT(buf_ascii)(out, "#") < 0 ||
         UNIT(put_pct_normal)(out, AT(r, FRAGMENT), LEN(r, FRAGMENT), 0, pct) < 0))
        goto done;
    status = 1;
done:
    UNIT(buf_free)(&tmp);
    return status;
}
