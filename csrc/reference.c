/* The storage of urikit.URIReference: the input and its components as spans over it
   (issue 25).  Part of core.c's one translation unit.

   A reference is its text, its Grammar and six offsets: where the scheme, the authority,
   the userinfo, the host, the path and the query end, with one bit a component for
   whether it is present (None) or not (a present component may be empty, "").  Every
   component's start follows from them and the delimiters of RFC 3986 §3 ("scheme:",
   "//", "userinfo@", "host:port", "?query", "#fragment"), and the fragment ends with
   the text.  A component becomes a str only when read (a new one each time: caching
   would cost a slot each for every reference, and most components are never read).

   A reference holds only a str and a Grammar, which hold no reference back, so it is
   never tracked by the garbage collector (as CPython untracks a tuple of strs): it costs
   the collector nothing however many are kept, and one 112-byte block each.
   urikit._reference.URIReference subclasses the type with no slots of its own; since
   Python 3.11 every class statement makes a collectable class, so its instances carry
   the collector's header, allocated untracked.  The pure-Python engine's base class
   there has the same members. */

typedef struct {
    PyObject_HEAD
    PyObject *text;    /* the input, an exact str */
    PyObject *grammar; /* the Grammar it was parsed under */
    /* the ends of the scheme, authority, userinfo, host, path and query */
    Py_ssize_t at[6];
    unsigned int has; /* bit k: component k (SCHEME ... FRAGMENT) is present */
} Reference;

enum { AT_SCHEME, AT_AUTHORITY, AT_USERINFO, AT_HOST, AT_PATH, AT_QUERY };

static PyTypeObject ReferenceType;

/* The span of component k of r into *start, *end: 0 when it is absent. */
static int
reference_span(const Reference *r, int k, Py_ssize_t *start, Py_ssize_t *end)
{
    unsigned int has = r->has;
    if (!((has >> k) & 1))
        return 0;
    const Py_ssize_t *at = r->at;
    Py_ssize_t scheme_end = has & (1u << SCHEME) ? at[AT_SCHEME] + 1 : 0; /* past ':' */
    Py_ssize_t authority = scheme_end + 2;                               /* past "//" */
    switch (k) {
    case SCHEME:
        *start = 0, *end = at[AT_SCHEME];
        break;
    case AUTHORITY:
        *start = authority, *end = at[AT_AUTHORITY];
        break;
    case USERINFO:
        *start = authority, *end = at[AT_USERINFO];
        break;
    case HOST:
        *start = has & (1u << USERINFO) ? at[AT_USERINFO] + 1 : authority;
        *end = at[AT_HOST];
        break;
    case PORT:
        *start = at[AT_HOST] + 1, *end = at[AT_AUTHORITY];
        break;
    case PATH:
        *start = has & (1u << AUTHORITY) ? at[AT_AUTHORITY] : scheme_end;
        *end = at[AT_PATH];
        break;
    case QUERY:
        *start = at[AT_PATH] + 1, *end = at[AT_QUERY];
        break;
    default: /* FRAGMENT */
        *start = (has & (1u << QUERY) ? at[AT_QUERY] : at[AT_PATH]) + 1;
        *end = PyUnicode_GET_LENGTH(r->text);
    }
    return 1;
}

/* Fill r's offsets from sp (start and end of each component, -1 when absent, as the scan
   gives them). */
static void
reference_set_spans(Reference *r, const Py_ssize_t *sp)
{
    unsigned int has = 0;
    for (int k = 0; k < 8; k++)
        has |= (unsigned int)(sp[2 * k] >= 0) << k;
    r->has = has;
    r->at[AT_SCHEME] = sp[2 * SCHEME + 1];
    r->at[AT_AUTHORITY] = sp[2 * AUTHORITY + 1];
    r->at[AT_USERINFO] = sp[2 * USERINFO + 1];
    r->at[AT_HOST] = sp[2 * HOST + 1];
    r->at[AT_PATH] = sp[2 * PATH + 1];
    r->at[AT_QUERY] = sp[2 * QUERY + 1];
}

/* Whether r's offsets give back sp: 0 when sp is not laid out as §3 lays out a reference
   (a bad argument of reference(); the scan's spans always are). */
static int
reference_spans_are(const Reference *r, const Py_ssize_t *sp)
{
    if (!((r->has >> PATH) & 1))
        return 0;
    Py_ssize_t at = 0; /* the components are in order, within the text */
    for (int k = 0; k < 8; k++) {
        Py_ssize_t start, end;
        if (!reference_span(r, k, &start, &end))
            continue;
        if (start != sp[2 * k] || end != sp[2 * k + 1] || start < at || end < start ||
            end > PyUnicode_GET_LENGTH(r->text))
            return 0;
        at = k == AUTHORITY || k == USERINFO || k == HOST ? start : end;
    }
    return 1;
}

static int reference_gc = 0; /* whether reference_type has the collector's header */

/* A new reference_type of text (an exact str, its spans sp) and grammar; never tracked. */
static PyObject *
new_reference(PyObject *text, const Py_ssize_t *sp, PyObject *grammar)
{
    Reference *r = reference_gc ? PyObject_GC_New(Reference, reference_type)
                                : PyObject_New(Reference, reference_type);
    if (r == NULL)
        return NULL;
    Py_INCREF(text);
    r->text = text;
    Py_INCREF(grammar);
    r->grammar = grammar;
    reference_set_spans(r, sp);
    return (PyObject *)r;
}

static PyObject *
reference_component(PyObject *op, void *closure)
{
    Reference *r = (Reference *)op;
    Py_ssize_t start, end;
    if (!reference_span(r, (int)(intptr_t)closure, &start, &end))
        Py_RETURN_NONE;
    return PyUnicode_Substring(r->text, start, end);
}

static PyObject *
reference_components(PyObject *op, PyObject *unused)
{
    PyObject *found = PyTuple_New(8);
    for (int k = 0; found != NULL && k < 8; k++) {
        PyObject *item = reference_component(op, (void *)(intptr_t)k);
        if (item == NULL)
            Py_CLEAR(found);
        else
            PyTuple_SET_ITEM(found, k, item);
    }
    return found;
}

static void
reference_dealloc(PyObject *op)
{
    Reference *r = (Reference *)op;
    Py_XDECREF(r->text);
    Py_XDECREF(r->grammar);
    Py_TYPE(op)->tp_free(op);
}

static PyObject *
reference_str(PyObject *op)
{
    PyObject *text = ((Reference *)op)->text;
    Py_INCREF(text);
    return text;
}

static Py_hash_t
reference_hash(PyObject *op)
{
    return PyObject_Hash(((Reference *)op)->text);
}

static PyObject *
reference_richcompare(PyObject *a, PyObject *b, int op)
{
    if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(a, &ReferenceType) ||
        !PyObject_TypeCheck(b, &ReferenceType))
        Py_RETURN_NOTIMPLEMENTED;
    return PyObject_RichCompare(((Reference *)a)->text, ((Reference *)b)->text, op);
}

#define COMPONENT(name, K, doc) {name, reference_component, NULL, PyDoc_STR(doc), (void *)K}

static PyGetSetDef reference_getset[] = {
    COMPONENT("scheme", SCHEME,
              "The scheme, as written (RFC 3986 §3.1), or None for a relative reference."),
    COMPONENT("authority", AUTHORITY,
              "Everything between // and the path (§3.2), or None without //."),
    COMPONENT("userinfo", USERINFO, "The part of the authority before @ (§3.2.1), or None."),
    COMPONENT("host", HOST,
              "The host (§3.2.2), brackets kept for IP literals; None without authority "
              "(and, under RFC 2396, for a registry-based authority)."),
    COMPONENT("port", PORT,
              "The port's digits as written (§3.2.3): \"\" for host:, None for none."),
    COMPONENT("path", PATH,
              "The path (§3.3); never None, possibly \"\".  Under RFC 2396 the opaque_part "
              "of an opaque URI (mailto:x?y has path x?y)."),
    COMPONENT("query", QUERY,
              "The query after ? (§3.4): \"\" for a bare ?, None for none."),
    COMPONENT("fragment", FRAGMENT,
              "The fragment after # (§3.5): \"\" for a bare #, None for none."),
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef reference_members[] = {
    {"_text", T_OBJECT_EX, offsetof(Reference, text), READONLY, "the input"},
    {"_grammar", T_OBJECT_EX, offsetof(Reference, grammar), READONLY, "the Grammar"},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef reference_methods[] = {
    {"_components", reference_components, METH_NOARGS,
     "The eight components as a tuple of str and None (RFC 3986 §3)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ReferenceType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "urikit._core.Reference",
    .tp_doc = "The storage of urikit.URIReference: the text, its Grammar and the spans of "
              "its components; subclassed, never made itself.",
    .tp_basicsize = sizeof(Reference),
    .tp_dealloc = reference_dealloc,
    .tp_str = reference_str,
    .tp_hash = reference_hash,
    .tp_richcompare = reference_richcompare,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_getset = reference_getset,
    .tp_members = reference_members,
    .tp_methods = reference_methods,
    .tp_free = PyObject_Free,
};

PyDoc_STRVAR(reference_doc,
             "reference(text, regs, grammar) -> URIReference\n\nThe reference of text, "
             "a str that fits the grammar, with the spans regs: ((0, len(text)), then "
             "(start, end) of each component, (-1, -1) when absent), as re.Match.regs "
             "gives them.");

static PyObject *
core_reference(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 3, "reference") < 0 || not_configured())
        return NULL;
    PyObject *text = args[0], *regs = args[1];
    if (!PyUnicode_Check(text) || !PyTuple_Check(regs) || PyTuple_GET_SIZE(regs) != 9) {
        PyErr_SetString(PyExc_TypeError, "reference(str, a tuple of 9 spans, grammar)");
        return NULL;
    }
    Py_ssize_t sp[16];
    for (int k = 0; k < 8; k++) {
        PyObject *pair = PyTuple_GET_ITEM(regs, k + 1);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "a span is a (start, end) tuple");
            return NULL;
        }
        sp[2 * k] = PyLong_AsSsize_t(PyTuple_GET_ITEM(pair, 0));
        sp[2 * k + 1] = PyLong_AsSsize_t(PyTuple_GET_ITEM(pair, 1));
        if (PyErr_Occurred())
            return NULL;
    }
    /* the text as an exact str (a str subclass's is copied, as re's groups are) */
    PyObject *whole = PyUnicode_Substring(text, 0, PyUnicode_GET_LENGTH(text));
    if (whole == NULL)
        return NULL;
    PyObject *r = new_reference(whole, sp, args[2]);
    Py_DECREF(whole);
    if (r != NULL && !reference_spans_are((Reference *)r, sp)) {
        Py_DECREF(r);
        PyErr_SetString(PyExc_ValueError, "the spans are not those of a URI reference");
        return NULL;
    }
    return r;
}
