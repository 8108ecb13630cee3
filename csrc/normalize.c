/* Normalization: RFC 3986 §6.2.2 (syntax) and §6.2.3 (scheme).  Part of core.c's
   one translation unit. */

/* -- RFC 3986 §6.2.2 and §6.2.3 normalization ------------------------------------- */

static PyObject *registry = NULL; /* urikit.schemes' registry: lower-case name -> Scheme */
static PyObject *str_default_port, *str_default_host, *str_empty_path_is_root,
    *str_normalize_path;

static const char HEX_UPPER[] = "0123456789ABCDEF";

/* §6.2.2.1 and §6.2.2.2: each pct-encoded triplet of s[0:n] decoded when it is an
   unreserved octet, else with upper-case hex digits; with `lower`, ASCII letters in
   lower case too (a host: RFC 3986 §6.2.2.1, RFC 3987 §5.3.2.1). */
static int
put_pct_normal(Buf *out, const Py_UCS4 *s, Py_ssize_t n, int lower)
{
    if (buf_reserve(out, n) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = s[i];
        if (c == '%' && i + 2 < n && is_hex(s[i + 1]) && is_hex(s[i + 2])) {
            int octet = hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]);
            if (octet < 128 && (ASCII_CLASSES[0][octet] & CL_UNRESERVED)) {
                c = (Py_UCS4)octet;
                if (lower && c >= 'A' && c <= 'Z')
                    c |= 0x20;
                out->p[out->n++] = c;
            }
            else {
                out->p[out->n++] = '%';
                out->p[out->n++] = (Py_UCS4)HEX_UPPER[octet >> 4];
                out->p[out->n++] = (Py_UCS4)HEX_UPPER[octet & 15];
            }
            i += 2;
            continue;
        }
        if (lower && c >= 'A' && c <= 'Z')
            c |= 0x20;
        out->p[out->n++] = c;
    }
    return 0;
}

static int
equal_ascii(const Py_UCS4 *s, Py_ssize_t n, PyObject *text)
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

/* What §6.2.3 needs of a urikit.schemes.Scheme, read once per Scheme object (a frozen
   dataclass: its attributes do not change; the registry may hold a new one). */
#define NO_PORT (-1)
#define BIG_PORT (-2)
typedef struct {
    PyObject *scheme; /* a strong reference: the key, by identity */
    long long default_port;
    PyObject *default_host;
    int empty_path_is_root, custom_path;
} SchemeFacts;

static SchemeFacts facts_cache[16];
static int facts_next = 0;

static const SchemeFacts *
scheme_facts(PyObject *known)
{
    for (int i = 0; i < 16; i++)
        if (facts_cache[i].scheme == known)
            return &facts_cache[i];
    SchemeFacts fresh = {NULL, NO_PORT, NULL, 0, 0};
    PyObject *value = PyObject_GetAttr(known, str_normalize_path);
    if (value == NULL)
        return NULL;
    fresh.custom_path = value != Py_None;
    Py_DECREF(value);
    value = PyObject_GetAttr(known, str_default_port);
    if (value == NULL)
        return NULL;
    if (value != Py_None) {
        int overflow = 0;
        long long port = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (port == -1 && PyErr_Occurred()) {
            Py_DECREF(value);
            return NULL;
        }
        fresh.default_port = overflow || port < 0 ? BIG_PORT : port;
    }
    Py_DECREF(value);
    value = PyObject_GetAttr(known, str_empty_path_is_root);
    if (value == NULL)
        return NULL;
    fresh.empty_path_is_root = PyObject_IsTrue(value);
    Py_DECREF(value);
    if (fresh.empty_path_is_root < 0)
        return NULL;
    fresh.default_host = PyObject_GetAttr(known, str_default_host);
    if (fresh.default_host == NULL)
        return NULL;
    SchemeFacts *slot = &facts_cache[facts_next];
    facts_next = (facts_next + 1) % 16;
    Py_XDECREF(slot->scheme);
    Py_XDECREF(slot->default_host);
    Py_INCREF(known);
    fresh.scheme = known;
    *slot = fresh;
    return slot;
}

/* Normalize the reference r (grammar g) at level 1 (syntax) or 2 (scheme) into out.
   1: done; 2: the Python path must do it; -1: an exception. */
static int
normalize_ref(const Ref *r, int g, int level, Buf *out)
{
    Buf scheme, host, userinfo, path, tmp;
    buf_init(&scheme);
    buf_init(&host);
    buf_init(&userinfo);
    buf_init(&path);
    buf_init(&tmp);
    int status = -1;
    PyObject *known = NULL, *name = NULL;
    if (g == 1) { /* RFC 3987 §5.3.2.3: decoding UCS escapes is the Python path's */
        for (Py_ssize_t i = 0; i < r->n; i++)
            if (r->s[i] == '%') {
                status = 2;
                goto done;
            }
    }
    int has_scheme = HAS(r, SCHEME), has_host = HAS(r, HOST);
    if (has_scheme && put_pct_normal(&scheme, AT(r, SCHEME), LEN(r, SCHEME), 1) < 0)
        goto done;
    if (HAS(r, USERINFO) && put_pct_normal(&userinfo, AT(r, USERINFO), LEN(r, USERINFO), 0) < 0)
        goto done;
    if (has_host) {
        const Py_UCS4 *h = AT(r, HOST);
        Py_ssize_t hn = LEN(r, HOST);
        if (hn && h[0] == '[') { /* an RFC 6874 zone keeps its case */
            Py_ssize_t zone = 0;
            while (zone < hn && h[zone] != '%')
                zone++;
            if (put_pct_normal(&host, h, zone, 1) < 0 ||
                put_pct_normal(&host, h + zone, hn - zone, 0) < 0)
                goto done;
        }
        else if (put_pct_normal(&host, h, hn, 1) < 0)
            goto done;
    }
    if (put_pct_normal(&tmp, AT(r, PATH), LEN(r, PATH), 0) < 0)
        goto done;
    if (has_scheme || (tmp.n && tmp.p[0] == '/')) { /* §6.2.2.3 */
        if (remove_dots(tmp.p, tmp.n, 0, &path) < 0)
            goto done;
    }
    else if (buf_put(&path, tmp.p, tmp.n) < 0)
        goto done;
    const Py_UCS4 *port = HAS(r, PORT) ? AT(r, PORT) : NULL;
    Py_ssize_t port_n = HAS(r, PORT) ? LEN(r, PORT) : 0;
    if (level == LEVEL_SCHEME && has_scheme) { /* §6.2.3 */
        if (port != NULL && port_n == 0)
            port = NULL; /* an empty port goes */
        if (registry != NULL) {
            name = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, scheme.p, scheme.n);
            if (name == NULL)
                goto done;
            known = PyDict_GetItemWithError(registry, name);
            if (known == NULL && PyErr_Occurred())
                goto done;
            Py_XINCREF(known);
        }
        const SchemeFacts *facts = known == NULL ? NULL : scheme_facts(known);
        if (known != NULL && facts == NULL)
            goto done;
        if (facts != NULL) {
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
            if (facts->default_host != Py_None && has_host &&
                equal_ascii(host.p, host.n, facts->default_host) && userinfo.n == 0 &&
                port == NULL)
                host.n = 0; /* the scheme's default host is the empty one */
            if (has_host && path.n == 0 && facts->empty_path_is_root && buf_ascii(&path, "/") < 0)
                goto done;
        }
    }
    if (has_scheme && (buf_put(out, scheme.p, scheme.n) < 0 || buf_ascii(out, ":") < 0))
        goto done;
    if (has_host) {
        if (buf_ascii(out, "//") < 0)
            goto done;
        if (HAS(r, USERINFO) &&
            (buf_put(out, userinfo.p, userinfo.n) < 0 || buf_ascii(out, "@") < 0))
            goto done;
        if (buf_put(out, host.p, host.n) < 0)
            goto done;
        if (port != NULL && (buf_ascii(out, ":") < 0 || buf_put(out, port, port_n) < 0))
            goto done;
        if (path.n && path.p[0] != '/' && buf_ascii(out, "/") < 0)
            goto done;
    }
    else if (path.n >= 2 && path.p[0] == '/' && path.p[1] == '/') {
        if (buf_ascii(out, "/.") < 0) /* §3.3: "//" without an authority stays a path */
            goto done;
    }
    else if (!has_scheme) { /* §4.2: ":" in a first segment would read as a scheme */
        for (Py_ssize_t i = 0; i < path.n && path.p[i] != '/'; i++)
            if (path.p[i] == ':') {
                if (buf_ascii(out, "./") < 0)
                    goto done;
                break;
            }
    }
    if (buf_put(out, path.p, path.n) < 0)
        goto done;
    if (HAS(r, QUERY) &&
        (buf_ascii(out, "?") < 0 || put_pct_normal(out, AT(r, QUERY), LEN(r, QUERY), 0) < 0))
        goto done;
    if (HAS(r, FRAGMENT) && (buf_ascii(out, "#") < 0 ||
                             put_pct_normal(out, AT(r, FRAGMENT), LEN(r, FRAGMENT), 0) < 0))
        goto done;
    status = 1;
done:
    Py_XDECREF(known);
    Py_XDECREF(name);
    buf_free(&scheme);
    buf_free(&host);
    buf_free(&userinfo);
    buf_free(&path);
    buf_free(&tmp);
    return status;
}
