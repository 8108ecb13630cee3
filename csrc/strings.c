/* The per-string API: split, is_valid, resolve, normalize, iri_to_uri, lint_plain on
   one str each.  Part of core.c's one translation unit. */

/* -- the per-string API --------------------------------------------------------------- */

/* What configure() gives: the tuple subclass split() makes (urikit._syntax.parse.Split),
   and urikit.URIReference, a subclass of Reference (reference.c) that front() makes for
   parse. */
static PyTypeObject *split_type = NULL, *reference_type = NULL;

static int
scan_str(PyObject *text, int g, int flags, Py_ssize_t *sp)
{
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        return scan_ucs1(data, n, g, flags, sp);
    case PyUnicode_2BYTE_KIND:
        return scan_ucs2(data, n, g, flags, sp);
    default:
        return scan_ucs4(data, n, g, flags, sp);
    }
}

static int
check_args(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, const char *name)
{
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments", name, want);
        return -1;
    }
    return 0;
}

/* -1 with a RuntimeError while configure() has not run (urikit._engine runs it once). */
static int
not_configured(void)
{
    if (split_type != NULL && reference_type != NULL)
        return 0;
    PyErr_SetString(PyExc_RuntimeError, "urikit._core: configure() was not called");
    return -1;
}

static int
grammar_id(PyObject *value)
{
    long g = PyLong_AsLong(value);
    if (g == -1 && PyErr_Occurred())
        return -1;
    if (g < 0 || g >= N_GRAMMARS) {
        PyErr_SetString(PyExc_ValueError, "unknown grammar id");
        return -1;
    }
    return (int)g;
}

static int
small_int(PyObject *value, long limit)
{
    long v = PyLong_AsLong(value);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < 0 || v > limit) {
        PyErr_SetString(PyExc_ValueError, "argument out of range");
        return -1;
    }
    return (int)v;
}

/* The Split of text, whose spans are sp (the text, then the eight components). */
static PyObject *
make_split(PyObject *text, const Py_ssize_t *sp)
{
    PyObject *items[8];
    for (int k = 0; k < 8; k++) {
        if (sp[2 * k] < 0) {
            items[k] = Py_None;
            Py_INCREF(Py_None);
        }
        else {
            items[k] = PyUnicode_Substring(text, sp[2 * k], sp[2 * k + 1]);
            if (items[k] == NULL) {
                for (int j = 0; j < k; j++)
                    Py_DECREF(items[j]);
                return NULL;
            }
        }
    }
    /* the whole text as a str (a str subclass's is copied, as re's groups are) */
    PyObject *whole = PyUnicode_Substring(text, 0, PyUnicode_GET_LENGTH(text));
    PyObject *result = whole == NULL ? NULL : split_type->tp_alloc(split_type, 9);
    if (result == NULL) {
        Py_XDECREF(whole);
        for (int j = 0; j < 8; j++)
            Py_DECREF(items[j]);
        return NULL;
    }
    PyTuple_SET_ITEM(result, 0, whole);
    for (int k = 0; k < 8; k++)
        PyTuple_SET_ITEM(result, k + 1, items[k]);
    return result;
}

static int
parse_common(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, const char *name, int *g,
             int *flags)
{
    if (check_args(args, nargs, want, name) < 0)
        return -1;
    if (!PyUnicode_Check(args[0])) {
        PyErr_Format(PyExc_TypeError, "a URI reference is a str, not %.100s",
                     Py_TYPE(args[0])->tp_name);
        return -1;
    }
    *g = grammar_id(args[want - 2]);
    *flags = small_int(args[want - 1], RULE_ALL);
    return *g < 0 || *flags < 0 ? -1 : 0;
}

PyDoc_STRVAR(split_doc, "split(text, grammar_id, rule_flags) -> Split | None\n\n"
                        "The text and its eight components (RFC 3986 §3), or None when the "
                        "text does not fit the rule.");

static PyObject *
core_split(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int g, flags;
    if (parse_common(args, nargs, 3, "split", &g, &flags) < 0 || not_configured())
        return NULL;
    Py_ssize_t sp[16];
    if (!scan_str(args[0], g, flags, sp))
        Py_RETURN_NONE;
    return make_split(args[0], sp);
}

PyDoc_STRVAR(is_valid_doc, "is_valid(text, grammar_id, rule_flags) -> bool");

static PyObject *
core_is_valid(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int g, flags;
    if (parse_common(args, nargs, 3, "is_valid", &g, &flags) < 0)
        return NULL;
    Py_ssize_t sp[16];
    return PyBool_FromLong(scan_str(args[0], g, flags, sp));
}

static PyObject *
buf_to_str(const Buf *b)
{
    return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, b->p, b->n);
}

/* scan_ref of text, whose code points s are: the scan of the str's own width (the
   narrow scan is the fast one), the same spans. */
static int
scan_text_ref(Ref *r, PyObject *text, const Py_UCS4 *s, Py_ssize_t n, int g)
{
    r->s = s;
    r->n = n;
    r->no_pct = r->no_dots = 0;
    return scan_str(text, g, 0, r->sp);
}

PyDoc_STRVAR(resolve_doc,
             "resolve(base, ref, grammar_id, strict, keep) -> str | None\n\n"
             "RFC 3986 §5.2: the target of ref against base, or None when either is "
             "invalid or the base has no scheme (the Python path explains).");

/* resolve on two Latin-1 str (one-byte kind): their units as they are, no copy. */
static PyObject *
resolve_ucs1(PyObject *base, PyObject *ref, int g, int strict, int keep)
{
    Ref_ucs1 bref = {PyUnicode_1BYTE_DATA(base), PyUnicode_GET_LENGTH(base)};
    Ref_ucs1 rref = {PyUnicode_1BYTE_DATA(ref), PyUnicode_GET_LENGTH(ref)};
    if (!scan_ucs1(bref.s, bref.n, g, 0, bref.sp) || !HAS(&bref, SCHEME) ||
        !scan_ucs1(rref.s, rref.n, g, 0, rref.sp))
        Py_RETURN_NONE;
    PyObject *result = NULL;
    Buf_ucs1 out;
    buf_init_ucs1(&out);
    if (transform_ucs1(&bref, &rref, strict, keep, &out) == 0)
        result = PyUnicode_FromKindAndData(PyUnicode_1BYTE_KIND, out.p, out.n);
    buf_free_ucs1(&out);
    return result;
}

static PyObject *
core_resolve(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 5, "resolve") < 0)
        return NULL;
    PyObject *base = args[0], *ref = args[1];
    int g = grammar_id(args[2]);
    int strict = PyObject_IsTrue(args[3]), keep = PyObject_IsTrue(args[4]);
    if (g < 0 || strict < 0 || keep < 0)
        return NULL;
    if (!PyUnicode_Check(base) || !PyUnicode_Check(ref))
        Py_RETURN_NONE;
    if (PyUnicode_KIND(base) == PyUnicode_1BYTE_KIND &&
        PyUnicode_KIND(ref) == PyUnicode_1BYTE_KIND)
        return resolve_ucs1(base, ref, g, strict, keep);
    Py_UCS4 bstack[256], rstack[256];
    Py_ssize_t bn, rn;
    Py_UCS4 *b = as_ucs4(base, bstack, 256, &bn);
    if (b == NULL)
        return NULL;
    Py_UCS4 *r = as_ucs4(ref, rstack, 256, &rn);
    if (r == NULL) {
        if (b != bstack)
            PyMem_Free(b);
        return NULL;
    }
    PyObject *result = NULL;
    Ref bref, rref;
    if (!scan_text_ref(&bref, base, b, bn, g) || !HAS(&bref, SCHEME) ||
        !scan_text_ref(&rref, ref, r, rn, g)) {
        result = Py_None;
        Py_INCREF(result);
    }
    else {
        Buf out;
        buf_init(&out);
        if (transform(&bref, &rref, strict, keep, &out) == 0)
            result = buf_to_str(&out);
        buf_free(&out);
    }
    if (b != bstack)
        PyMem_Free(b);
    if (r != rstack)
        PyMem_Free(r);
    return result;
}

PyDoc_STRVAR(normalize_doc,
             "normalize(text, grammar_id, level) -> str | None\n\n"
             "RFC 3986 §6.2.2 (level 1) or §6.2.2-6.2.3 (level 2); None when the text is "
             "invalid or the Python path must do it.");

/* The answer of normalize for text, whose status is normalize_ref's and whose normal
   form is out[0:n] (units of `kind`): text itself when unchanged. */
static PyObject *
normal_str(PyObject *text, int status, const void *out, Py_ssize_t n, int kind)
{
    if (status < 0)
        return NULL;
    if (status == 2)
        Py_RETURN_NONE;
    if (n == PyUnicode_GET_LENGTH(text) && PyUnicode_KIND(text) == kind &&
        memcmp(out, PyUnicode_DATA(text), (size_t)(n * kind)) == 0)
        return Py_NewRef(text); /* already in normal form: the same str */
    return PyUnicode_FromKindAndData(kind, out, n);
}

static PyObject *
core_normalize(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 3, "normalize") < 0)
        return NULL;
    PyObject *text = args[0];
    int g = grammar_id(args[1]), level = small_int(args[2], N_LEVELS - 1);
    if (g < 0 || level < 0)
        return NULL;
    if (!PyUnicode_Check(text))
        Py_RETURN_NONE;
    if (level == LEVEL_STRING) {
        Py_ssize_t sp[16];
        if (!scan_str(text, g, 0, sp))
            Py_RETURN_NONE;
        return Py_NewRef(text);
    }
    PyObject *result = NULL;
    SchemeCache schemes;
    scheme_cache_init(&schemes);
    if (PyUnicode_KIND(text) == PyUnicode_1BYTE_KIND) { /* Latin-1: its units as they are */
        Ref_ucs1 ref = {PyUnicode_1BYTE_DATA(text), PyUnicode_GET_LENGTH(text)};
        if (!scan_ucs1(ref.s, ref.n, g, 0, ref.sp))
            Py_RETURN_NONE;
        Buf_ucs1 out;
        buf_init_ucs1(&out);
        int status = normalize_ref_ucs1(&ref, g, level, &schemes, &out);
        result = normal_str(text, status, out.p, out.n, PyUnicode_1BYTE_KIND);
        buf_free_ucs1(&out);
        scheme_cache_clear(&schemes);
        return result;
    }
    Py_UCS4 stack[256];
    Py_ssize_t n;
    Py_UCS4 *s = as_ucs4(text, stack, 256, &n);
    if (s == NULL)
        return NULL;
    Ref ref;
    if (!scan_text_ref(&ref, text, s, n, g))
        result = Py_NewRef(Py_None);
    else {
        Buf out;
        buf_init(&out);
        int status = normalize_ref(&ref, g, level, &schemes, &out);
        if (status == 1 && out.n == n && memcmp(out.p, s, (size_t)n * sizeof(Py_UCS4)) == 0)
            result = Py_NewRef(text); /* already in normal form: the same str */
        else
            result = normal_str(text, status, out.p, out.n, PyUnicode_4BYTE_KIND);
        buf_free(&out);
    }
    scheme_cache_clear(&schemes);
    if (s != stack)
        PyMem_Free(s);
    return result;
}

PyDoc_STRVAR(iri_to_uri_doc,
             "iri_to_uri(text) -> str | None\n\nRFC 3987 §3.1: an IRI reference's URI, each "
             "character outside US-ASCII as the percent-encoded octets of its UTF-8 form "
             "(upper-case hex); None when the text is no IRI reference.");

static PyObject *
core_iri_to_uri(PyObject *self, PyObject *text)
{
    Py_ssize_t sp[16];
    if (!PyUnicode_Check(text) || !scan_str(text, 1, 0, sp))
        Py_RETURN_NONE;
    if (PyUnicode_IS_ASCII(text)) {
        Py_INCREF(text);
        return text;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), size = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        size += c < 0x80 ? 1 : c < 0x800 ? 6 : c < 0x10000 ? 9 : 12;
    }
    PyObject *result = PyUnicode_New(size, 127);
    if (result == NULL)
        return NULL;
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(result);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        unsigned char octets[4];
        int count;
        if (c < 0x80) {
            *o++ = (Py_UCS1)c;
            continue;
        }
        if (c < 0x800) {
            octets[0] = (unsigned char)(0xC0 | (c >> 6));
            count = 2;
        }
        else if (c < 0x10000) {
            octets[0] = (unsigned char)(0xE0 | (c >> 12));
            octets[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            count = 3;
        }
        else {
            octets[0] = (unsigned char)(0xF0 | (c >> 18));
            octets[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
            octets[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            count = 4;
        }
        octets[count - 1] = (unsigned char)(0x80 | (c & 0x3F));
        for (int k = 0; k < count; k++) {
            *o++ = '%';
            *o++ = (Py_UCS1)HEX_UPPER[octets[k] >> 4];
            *o++ = (Py_UCS1)HEX_UPPER[octets[k] & 15];
        }
    }
    return result;
}

PyDoc_STRVAR(lint_plain_doc,
             "lint_plain(text, dangerous) -> bool\n\nurikit.lint's hot path "
             "(urikit._lint.lint._plain): whether text is an RFC 3986 reference none of whose "
             "component checks can fire: ASCII; a scheme not in dangerous (a tuple of "
             "lower-case names); an authority without userinfo or port (empty: for file: "
             "alone); a host of at most 63 letters, digits, '.', '_' and '-' that cannot be "
             "an address nor an A-label; a path unless no query or fragment follows, none of "
             "whose segments is '.' or '..' before a ';'; no ';' in its query; escapes only "
             "of printable ASCII but '%', '.', '/', '\\', ':' and ';'; and in its query and "
             "fragment no ':' after 't', 'a' (in either case) or an escape.");

/* Whether the scheme s[0:length] is one of the names of the tuple dangerous (lower-case
   ASCII), compared in place: no string is made. */
static int
dangerous_scheme(const char *s, Py_ssize_t length, PyObject *dangerous)
{
    if (!PyTuple_Check(dangerous)) {
        PyErr_SetString(PyExc_TypeError, "lint_plain: the dangerous schemes are a tuple");
        return -1;
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(dangerous); k++) {
        PyObject *name = PyTuple_GET_ITEM(dangerous, k);
        if (!PyUnicode_Check(name) || !PyUnicode_IS_ASCII(name) ||
            PyUnicode_GET_LENGTH(name) != length)
            continue;
        const char *n = (const char *)PyUnicode_1BYTE_DATA(name);
        Py_ssize_t i = 0;
        while (i < length && (s[i] >= 'A' && s[i] <= 'Z' ? s[i] | 0x20 : s[i]) == n[i])
            i++;
        if (i == length)
            return 1;
    }
    return 0;
}

/* Whether an escape (valid: two hex digits follow) is one a percent rule of lint reads: a
   control, DEL, an octet past ASCII, or '%', '.', '/', '\\', ':', ';'. */
static int
read_escape(const char *p)
{
    int octet = hex_value((Py_UCS4)p[1]) * 16 + hex_value((Py_UCS4)p[2]);
    return octet < 0x20 || octet > 0x7E || strchr("%./\\:;", octet) != NULL;
}

static PyObject *
core_lint_plain(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 2, "lint_plain") < 0)
        return NULL;
    PyObject *text = args[0];
    Py_ssize_t sp[16];
    if (!PyUnicode_Check(text) || !PyUnicode_IS_ASCII(text) || !scan_str(text, 0, 0, sp))
        Py_RETURN_FALSE;
    const char *s = (const char *)PyUnicode_1BYTE_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    Py_ssize_t host = sp[2 * HOST], host_end = sp[2 * HOST + 1];
    int empty_path = sp[2 * PATH + 1] == sp[2 * PATH];
    if (sp[2 * SCHEME] < 0 || sp[2 * AUTHORITY] < 0 || sp[2 * USERINFO] >= 0 ||
        (sp[2 * PORT] >= 0 && sp[2 * PORT + 1] > sp[2 * PORT]) ||
        (empty_path && (sp[2 * QUERY] >= 0 || sp[2 * FRAGMENT] >= 0)))
        Py_RETURN_FALSE;
    if (host_end == host) { /* an empty authority: usual for file: alone (file:///p) */
        if (sp[2 * SCHEME + 1] != 4 || (s[0] | 0x20) != 'f' || (s[1] | 0x20) != 'i' ||
            (s[2] | 0x20) != 'l' || (s[3] | 0x20) != 'e')
            Py_RETURN_FALSE;
    }
    else if (strchr("0123456789.]", s[host_end - 1]) != NULL || host_end - host > 63)
        Py_RETURN_FALSE;
    for (Py_ssize_t i = host; i < host_end; i++) { /* a name no host rule reads */
        char c = s[i], lower = (char)(c | 0x20);
        if ((lower >= 'a' && lower <= 'z') || (c >= '1' && c <= '9') || c == '.' || c == '_')
            continue;
        if (c == '0' && !(i + 1 < host_end && (s[i + 1] | 0x20) == 'x'))
            continue; /* "0x": maybe a number */
        if (c == '-' && !(i >= host + 3 && (s[i - 3] | 0x20) == 'x' &&
                          (s[i - 2] | 0x20) == 'n' && s[i - 1] == '-'))
            continue; /* "xn--": an A-label */
        Py_RETURN_FALSE;
    }
    for (const char *p = memchr(s, '%', (size_t)n); p != NULL;
         p = memchr(p + 3, '%', (size_t)(s + n - p - 3))) /* valid: p[1], p[2] are hex */
        if (read_escape(p))
            Py_RETURN_FALSE;
    /* path parameters after a dot segment (Tomcat's /..;/), semicolons in the query */
    const char *path = s + sp[2 * PATH], *path_end = s + sp[2 * PATH + 1];
    for (const char *p = memchr(path, ';', (size_t)(path_end - path)); p != NULL;
         p = memchr(p + 1, ';', (size_t)(path_end - p - 1))) {
        Py_ssize_t i = p - s, dots = 0;
        while (dots < 3 && i - dots > sp[2 * PATH] && s[i - dots - 1] == '.')
            dots++;
        if ((dots == 1 || dots == 2) && (i - dots == sp[2 * PATH] || s[i - dots - 1] == '/'))
            Py_RETURN_FALSE;
    }
    if (sp[2 * QUERY] >= 0 &&
        memchr(s + sp[2 * QUERY], ';', (size_t)(sp[2 * QUERY + 1] - sp[2 * QUERY])) != NULL)
        Py_RETURN_FALSE;
    /* a parameter that holds a javascript:, vbscript: or data: URL has "t:" or "a:", the
       letter raw or escaped */
    for (int part = QUERY; part <= FRAGMENT; part++) {
        if (sp[2 * part] < 0)
            continue;
        const char *start = s + sp[2 * part], *end = s + sp[2 * part + 1];
        for (const char *p = memchr(start, ':', (size_t)(end - start)); p != NULL;
             p = memchr(p + 1, ':', (size_t)(end - p - 1))) {
            char before = p > start ? (char)(p[-1] | 0x20) : 0;
            if (before == 't' || before == 'a' || (p - 3 >= start && p[-3] == '%'))
                Py_RETURN_FALSE;
        }
    }
    int found = dangerous_scheme(s, sp[2 * SCHEME + 1], args[1]);
    if (found < 0)
        return NULL;
    return PyBool_FromLong(!found);
}
