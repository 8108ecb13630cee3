/* Reference resolution for one code unit width: RFC 3986 §5.2.4 remove_dot_segments,
   §5.2.2 Transform References and §5.3 Recomposition.  resolve.c includes this file once
   per width with CH (the code unit type) and UNIT(x) (the name of x for that width)
   defined: the one algorithm, over str's code points (Buf, Ref) and over Latin-1 or UTF-8
   bytes (Buf_ucs1, Ref_ucs1), which it copies and never decodes (every character it
   reads is ASCII: "/", ".", a scheme's letters). */

/* -- RFC 3986 §5.2.4 remove_dot_segments ------------------------------------------- */

static inline int
UNIT(seg_is)(const CH *s, Seg g, const char *text)
{
    Py_ssize_t n = (Py_ssize_t)strlen(text);
    if (g.b - g.a != n)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (s[g.a + i] != (CH)text[i])
            return 0;
    return 1;
}

static inline int
UNIT(starts)(const CH *s, Py_ssize_t i, Py_ssize_t n, const char *text)
{
    for (; *text; text++, i++)
        if (i >= n || s[i] != (CH)*text)
            return 0;
    return 1;
}

/* §5.2.4 on s[0:n], appended to out; a transcription of urikit._algorithms.resolve._remove_dots
   (the two segment stacks its last note allows).  keep: a ".." with nothing left to
   remove stays (RFC 2396's reading), else it is dropped as RFC 3986 says. */
static int
UNIT(remove_dots)(const CH *s, Py_ssize_t n, int keep, UNIT(Buf) *out)
{
    int dotted = 0; /* a segment starts with "." */
    for (Py_ssize_t i = UNIT(find_unit)(s, 0, n, '.'); !dotted && i < n;
         i = UNIT(find_unit)(s, i + 1, n, '.'))
        dotted = i == 0 || s[i - 1] == '/';
    if (!dotted)
        return UNIT(buf_put)(out, s, n);
    Py_ssize_t i = 0;
    if (s[0] == '.') { /* A: "../" and "./" prefixes */
        for (;;) {
            if (UNIT(starts)(s, i, n, "../"))
                i += 3;
            else if (UNIT(starts)(s, i, n, "./"))
                i += 2;
            else
                break;
        }
        Py_ssize_t rest = n - i;
        if ((rest == 1 && s[i] == '.') || (rest == 2 && s[i] == '.' && s[i + 1] == '.'))
            return 0; /* D */
    }
    Py_ssize_t count = 1;
    for (Py_ssize_t j = i; j < n; j++)
        count += s[j] == '/';
    Seg stack[64];
    Seg *segs = stack, *output;
    if (2 * count > 64) {
        segs = PyMem_Malloc((size_t)(2 * count) * sizeof(Seg));
        if (segs == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    output = segs + count;
    Py_ssize_t nseg = 0, start = i;
    segs[0].a = segs[0].b = i;
    for (Py_ssize_t j = i; j <= n; j++)
        if (j == n || s[j] == '/') {
            segs[nseg].a = start;
            segs[nseg++].b = j;
            start = j + 1;
        }
    Py_ssize_t nout = 0;
    Seg head = segs[0];
    int rootless = head.b > head.a;
    if (rootless)
        output[nout++] = head;
    int status = 0;
    if (nseg == 1) {
        status = UNIT(buf_put)(out, s + head.a, head.b - head.a);
        goto done;
    }
    for (Py_ssize_t k = 1; k <= nseg - 1; k++) {
        Seg seg = segs[k];
        int last = k == nseg - 1;
        if (UNIT(seg_is)(s, seg, "..")) { /* C */
            if (nout && !UNIT(seg_is)(s, output[nout - 1], "..")) {
                nout--;
                rootless = rootless && nout;
            }
            else if (keep)
                output[nout++] = seg;
            if (last) {
                Seg empty = {0, 0};
                output[nout++] = empty;
            }
        }
        else if (UNIT(seg_is)(s, seg, ".")) { /* B */
            if (last) {
                Seg empty = {0, 0};
                output[nout++] = empty;
            }
        }
        else /* E */
            output[nout++] = seg;
    }
    if (!rootless && UNIT(buf_ascii)(out, "/") < 0) {
        status = -1;
        goto done;
    }
    for (Py_ssize_t k = 0; k < nout; k++) {
        if ((k && UNIT(buf_ascii)(out, "/") < 0) ||
            UNIT(buf_put)(out, s + output[k].a, output[k].b - output[k].a) < 0) {
            status = -1;
            goto done;
        }
    }
done:
    if (segs != stack)
        PyMem_Free(segs);
    return status;
}

/* §5.2.4 on the path of r: as it is when the accept filter found that no segment of it
   starts with "." (r->no_dots), where remove_dot_segments removes nothing. */
static int
UNIT(remove_path_dots)(const UNIT(Ref) *r, int keep, UNIT(Buf) *out)
{
    if (r->no_dots)
        return UNIT(buf_put)(out, AT(r, PATH), LEN(r, PATH));
    return UNIT(remove_dots)(AT(r, PATH), LEN(r, PATH), keep, out);
}

/* -- RFC 3986 §5.2.2 Transform References and §5.3 Recomposition ------------------ */

typedef struct {
    const CH *s; /* NULL: absent */
    Py_ssize_t n;
} UNIT(Part);

static UNIT(Part)
UNIT(part)(const UNIT(Ref) *r, int k)
{
    UNIT(Part) p = {NULL, 0};
    if (HAS(r, k)) {
        p.s = AT(r, k);
        p.n = LEN(r, k);
    }
    return p;
}

static int
UNIT(same_scheme)(UNIT(Part) a, UNIT(Part) b)
{
    if (a.s == NULL || b.s == NULL || a.n != b.n)
        return 0;
    for (Py_ssize_t i = 0; i < a.n; i++) {
        CH x = a.s[i], y = b.s[i];
        if (x >= 'A' && x <= 'Z')
            x |= 0x20;
        if (y >= 'A' && y <= 'Z')
            y |= 0x20;
        if (x != y)
            return 0;
    }
    return 1;
}

/* The target of r against base (which has a scheme), recomposed into out. */
static int
UNIT(transform)(const UNIT(Ref) *base, const UNIT(Ref) *r, int strict, int keep, UNIT(Buf) *out)
{
    UNIT(Part) scheme = UNIT(part)(r, SCHEME), authority, query;
    UNIT(Buf) path;
    UNIT(buf_init)(&path);
    int status = -1;
    if (!strict && UNIT(same_scheme)(scheme, UNIT(part)(base, SCHEME)))
        scheme.s = NULL; /* a non-strict parser may ignore the base's own scheme */
    if (scheme.s != NULL || HAS(r, AUTHORITY)) {
        if (scheme.s == NULL)
            scheme = UNIT(part)(base, SCHEME);
        authority = UNIT(part)(r, AUTHORITY);
        if (UNIT(remove_path_dots)(r, keep, &path) < 0)
            goto done;
        query = UNIT(part)(r, QUERY);
    }
    else {
        scheme = UNIT(part)(base, SCHEME);
        authority = UNIT(part)(base, AUTHORITY);
        if (LEN(r, PATH) == 0) {
            if (UNIT(buf_put)(&path, AT(base, PATH), LEN(base, PATH)) < 0)
                goto done;
            query = HAS(r, QUERY) ? UNIT(part)(r, QUERY) : UNIT(part)(base, QUERY);
        }
        else {
            if (AT(r, PATH)[0] == '/') {
                if (UNIT(remove_path_dots)(r, keep, &path) < 0)
                    goto done;
            }
            else { /* §5.2.3 Merge Paths */
                UNIT(Buf) merged;
                UNIT(buf_init)(&merged);
                int failed;
                if (HAS(base, AUTHORITY) && LEN(base, PATH) == 0)
                    failed = UNIT(buf_ascii)(&merged, "/");
                else {
                    Py_ssize_t cut = LEN(base, PATH);
                    while (cut && AT(base, PATH)[cut - 1] != '/')
                        cut--;
                    failed = UNIT(buf_put)(&merged, AT(base, PATH), cut);
                }
                failed = failed || UNIT(buf_put)(&merged, AT(r, PATH), LEN(r, PATH)) < 0 ||
                         UNIT(remove_dots)(merged.p, merged.n, keep, &path) < 0;
                UNIT(buf_free)(&merged);
                if (failed)
                    goto done;
            }
            query = UNIT(part)(r, QUERY);
        }
    }
    UNIT(Part) fragment = UNIT(part)(r, FRAGMENT);
    if (UNIT(buf_put)(out, scheme.s, scheme.n) < 0 || UNIT(buf_ascii)(out, ":") < 0)
        goto done;
    if (authority.s != NULL) {
        if (UNIT(buf_ascii)(out, "//") < 0 || UNIT(buf_put)(out, authority.s, authority.n) < 0)
            goto done;
    }
    else if (path.n >= 2 && path.p[0] == '/' && path.p[1] == '/') {
        if (UNIT(buf_ascii)(out, "/.") < 0) /* §3.3: "//" without an authority stays a path */
            goto done;
    }
    if (UNIT(buf_put)(out, path.p, path.n) < 0)
        goto done;
    if (query.s != NULL &&
        (UNIT(buf_ascii)(out, "?") < 0 || UNIT(buf_put)(out, query.s, query.n) < 0))
        goto done;
    if (fragment.s != NULL &&
        (UNIT(buf_ascii)(out, "#") < 0 || UNIT(buf_put)(out, fragment.s, fragment.n) < 0))
        goto done;
    status = 0;
done:
    UNIT(buf_free)(&path);
    return status;
}
