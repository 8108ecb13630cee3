/* Reference resolution: RFC 3986 §5.2.4 remove_dot_segments, §5.2.2 Transform
   References and §5.3 Recomposition.  Part of core.c's one translation unit. */

/* -- RFC 3986 §5.2.4 remove_dot_segments ------------------------------------------- */

typedef struct {
    Py_ssize_t a, b;
} Seg;

static inline int
seg_is(const Py_UCS4 *s, Seg g, const char *text)
{
    Py_ssize_t n = (Py_ssize_t)strlen(text);
    if (g.b - g.a != n)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (s[g.a + i] != (Py_UCS4)text[i])
            return 0;
    return 1;
}

static inline int
starts(const Py_UCS4 *s, Py_ssize_t i, Py_ssize_t n, const char *text)
{
    for (; *text; text++, i++)
        if (i >= n || s[i] != (Py_UCS4)*text)
            return 0;
    return 1;
}

/* §5.2.4 on s[0:n], appended to out; a transcription of urikit._algorithms.resolve._remove_dots
   (the two segment stacks its last note allows).  keep: a ".." with nothing left to
   remove stays (RFC 2396's reading), else it is dropped as RFC 3986 says. */
static int
remove_dots(const Py_UCS4 *s, Py_ssize_t n, int keep, Buf *out)
{
    int dotted = n && s[0] == '.';
    for (Py_ssize_t i = 0; !dotted && i + 1 < n; i++)
        if (s[i] == '/' && s[i + 1] == '.')
            dotted = 1;
    if (!dotted)
        return buf_put(out, s, n);
    Py_ssize_t i = 0;
    if (s[0] == '.') { /* A: "../" and "./" prefixes */
        for (;;) {
            if (starts(s, i, n, "../"))
                i += 3;
            else if (starts(s, i, n, "./"))
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
        status = buf_put(out, s + head.a, head.b - head.a);
        goto done;
    }
    for (Py_ssize_t k = 1; k <= nseg - 1; k++) {
        Seg seg = segs[k];
        int last = k == nseg - 1;
        if (seg_is(s, seg, "..")) { /* C */
            if (nout && !seg_is(s, output[nout - 1], "..")) {
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
        else if (seg_is(s, seg, ".")) { /* B */
            if (last) {
                Seg empty = {0, 0};
                output[nout++] = empty;
            }
        }
        else /* E */
            output[nout++] = seg;
    }
    if (!rootless && buf_ascii(out, "/") < 0) {
        status = -1;
        goto done;
    }
    for (Py_ssize_t k = 0; k < nout; k++) {
        if ((k && buf_ascii(out, "/") < 0) ||
            buf_put(out, s + output[k].a, output[k].b - output[k].a) < 0) {
            status = -1;
            goto done;
        }
    }
done:
    if (segs != stack)
        PyMem_Free(segs);
    return status;
}

/* -- RFC 3986 §5.2.2 Transform References and §5.3 Recomposition ------------------ */

typedef struct {
    const Py_UCS4 *s; /* NULL: absent */
    Py_ssize_t n;
} Part;

static Part
part(const Ref *r, int k)
{
    Part p = {NULL, 0};
    if (HAS(r, k)) {
        p.s = AT(r, k);
        p.n = LEN(r, k);
    }
    return p;
}

static int
same_scheme(Part a, Part b)
{
    if (a.s == NULL || b.s == NULL || a.n != b.n)
        return 0;
    for (Py_ssize_t i = 0; i < a.n; i++) {
        Py_UCS4 x = a.s[i], y = b.s[i];
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
transform(const Ref *base, const Ref *r, int strict, int keep, Buf *out)
{
    Part scheme = part(r, SCHEME), authority, query;
    Buf path;
    buf_init(&path);
    int status = -1;
    if (!strict && same_scheme(scheme, part(base, SCHEME)))
        scheme.s = NULL; /* a non-strict parser may ignore the base's own scheme */
    if (scheme.s != NULL || HAS(r, AUTHORITY)) {
        if (scheme.s == NULL)
            scheme = part(base, SCHEME);
        authority = part(r, AUTHORITY);
        if (remove_dots(AT(r, PATH), LEN(r, PATH), keep, &path) < 0)
            goto done;
        query = part(r, QUERY);
    }
    else {
        scheme = part(base, SCHEME);
        authority = part(base, AUTHORITY);
        if (LEN(r, PATH) == 0) {
            if (buf_put(&path, AT(base, PATH), LEN(base, PATH)) < 0)
                goto done;
            query = HAS(r, QUERY) ? part(r, QUERY) : part(base, QUERY);
        }
        else {
            if (AT(r, PATH)[0] == '/') {
                if (remove_dots(AT(r, PATH), LEN(r, PATH), keep, &path) < 0)
                    goto done;
            }
            else { /* §5.2.3 Merge Paths */
                Buf merged;
                buf_init(&merged);
                int failed;
                if (HAS(base, AUTHORITY) && LEN(base, PATH) == 0)
                    failed = buf_ascii(&merged, "/");
                else {
                    Py_ssize_t cut = LEN(base, PATH);
                    while (cut && AT(base, PATH)[cut - 1] != '/')
                        cut--;
                    failed = buf_put(&merged, AT(base, PATH), cut);
                }
                failed = failed || buf_put(&merged, AT(r, PATH), LEN(r, PATH)) < 0 ||
                         remove_dots(merged.p, merged.n, keep, &path) < 0;
                buf_free(&merged);
                if (failed)
                    goto done;
            }
            query = part(r, QUERY);
        }
    }
    Part fragment = part(r, FRAGMENT);
    if (buf_put(out, scheme.s, scheme.n) < 0 || buf_ascii(out, ":") < 0)
        goto done;
    if (authority.s != NULL) {
        if (buf_ascii(out, "//") < 0 || buf_put(out, authority.s, authority.n) < 0)
            goto done;
    }
    else if (path.n >= 2 && path.p[0] == '/' && path.p[1] == '/') {
        if (buf_ascii(out, "/.") < 0) /* §3.3: "//" without an authority stays a path */
            goto done;
    }
    if (buf_put(out, path.p, path.n) < 0)
        goto done;
    if (query.s != NULL && (buf_ascii(out, "?") < 0 || buf_put(out, query.s, query.n) < 0))
        goto done;
    if (fragment.s != NULL &&
        (buf_ascii(out, "#") < 0 || buf_put(out, fragment.s, fragment.n) < 0))
        goto done;
    status = 0;
done:
    buf_free(&path);
    return status;
}
