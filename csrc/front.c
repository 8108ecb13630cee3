/* The fronts of is_valid, parse, normalize and resolve: vectorcall objects.  Part of
   core.c's one translation unit.

   urikit.is_valid and urikit.parse are the hottest calls of all (a validator calls
   nothing else), and a Python function's own call costs as much as the scan: this object
   takes their common case (a str; a grammar the core serves, by name or value, or none;
   a reference rule by name) itself and hands every other call, unchanged, to the Python
   function it wraps (functools.update_wrapper gives it that function's name, docstring
   and signature).  This is parse's one compiled path: a text it scans and finds invalid
   goes to the diagnosis it was given, (text, Grammar, rule or None) -> the exception to
   raise, and is not scanned again before.

   normalize and resolve (issue 25) have the same kind of front: str arguments, a grammar
   the core serves and options the core takes (a level; strict, above_root) are answered
   by the core's normalize and resolve (strings.c); every other call, and every call the
   core leaves to Python (an invalid text, a base without a scheme, a scheme with its own
   path normalizer), goes to the Python function, which says why or does more.  They
   answer while the namespace they were given binds the core's entry point (urikit.
   _operations: its core_normalize, core_resolve), so that setting that name to None runs
   the Python engine alone, as the differential tests do.

   lint (issue 31) has one too: a str, and no keyword but ignore=None or the name that
   leaves out the parser differential (a key of the options: -> the tuple of dangerous
   schemes), is answered [] where the core's lint_plain says no rule can fire (strings.c);
   anything else goes to the Python function, the namespace switch as above. */
enum { VERB_IS_VALID, VERB_PARSE, VERB_NORMALIZE, VERB_RESOLVE, VERB_LINT };

typedef struct {
    PyObject_HEAD
    PyObject *fallback; /* the Python function */
    PyObject *grammars; /* None, a name or a Grammar -> (core id, Grammar, {rule: flags}) */
    PyObject *invalid;  /* parse: the diagnosis of an invalid text; else NULL */
    PyObject *options;  /* normalize: level -> id; resolve: above_root -> keep; else NULL */
    PyObject *space;    /* normalize, resolve: the namespace whose key says whether */
    PyObject *key;      /* the core answers (not None) or Python alone (None) */
    PyObject *plain;    /* grammars[None] when made: the common case's entry, or NULL */
    PyObject *dict;
    vectorcallfunc vectorcall;
    int verb;
} Front;

static PyObject *str_rule, *str_grammar, *str_level, *str_scheme, *str_strict, *str_above_root,
    *str_ignore;

/* The index in names of the keyword name, or -1. */
static int
keyword(PyObject *name, PyObject *const *names, int n)
{
    for (int k = 0; k < n; k++)
        if (name == names[k])
            return k;
    for (int k = 0; k < n; k++) {
        int equal = PyUnicode_Compare(name, names[k]) == 0;
        if (PyErr_Occurred())
            PyErr_Clear(); /* not a str: no keyword of ours, Python's call says so */
        if (equal)
            return k;
    }
    return -1;
}

/* Read kwnames into values (names[k] -> values[k], which hold the defaults): 0 when a
   keyword is none of names. */
static int
keywords(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, PyObject *const *names,
         int n, PyObject **values)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t j = 0; j < nkw; j++) {
        int k = keyword(PyTuple_GET_ITEM(kwnames, j), names, n);
        if (k < 0)
            return 0;
        values[k] = args[nargs + j];
    }
    return 1;
}

/* The entry of grammars for grammar (borrowed), NULL when it has none (or with an
   error set); unhashable or oddly hashed grammars are left to Python. */
static PyObject *
grammar_entry(Front *self, PyObject *grammar)
{
    if (grammar == Py_None && self->plain != NULL)
        return self->plain;
    if (!(PyUnicode_CheckExact(grammar) || grammar == Py_None ||
          Py_TYPE(grammar)->tp_hash == PyBaseObject_Type.tp_hash))
        return NULL;
    return PyDict_GetItemWithError(self->grammars, grammar);
}

/* 1 when the core answers (namespace[key] is not None), 0 when Python does, -1 on error */
static int
switched_on(Front *self)
{
    PyObject *bound = PyDict_GetItemWithError(self->space, self->key);
    if (bound == NULL)
        return PyErr_Occurred() ? -1 : 0;
    return bound != Py_None;
}

static PyObject *
parse_call(Front *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *names[2] = {str_rule, str_grammar}, *values[2] = {NULL, Py_None};
    if (!keywords(args, nargs, kwnames, names, 2, values))
        return Py_NotImplemented;
    PyObject *rule = values[0];
    PyObject *entry = grammar_entry(self, values[1]);
    if (entry == NULL)
        return PyErr_Occurred() ? NULL : Py_NotImplemented;
    int f = 0; /* URI-reference */
    if (rule != NULL) {
        PyObject *flags = NULL;
        if (PyUnicode_CheckExact(rule)) {
            flags = PyDict_GetItemWithError(PyTuple_GET_ITEM(entry, 2), rule);
            if (flags == NULL && PyErr_Occurred())
                return NULL;
        }
        if (flags == NULL)
            return Py_NotImplemented;
        f = (int)PyLong_AsLong(flags);
    }
    int g = (int)PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
    Py_ssize_t sp[16];
    int valid = scan_str(args[0], g, f, sp);
    if (self->invalid == NULL)
        return PyBool_FromLong(valid);
    if (valid)
        return new_reference(args[0], sp, PyTuple_GET_ITEM(entry, 1));
    PyObject *error = PyObject_CallFunctionObjArgs(self->invalid, args[0],
                                                   PyTuple_GET_ITEM(entry, 1),
                                                   rule ? rule : Py_None, NULL);
    if (error == NULL)
        return NULL;
    if (PyExceptionInstance_Check(error))
        PyErr_SetObject((PyObject *)Py_TYPE(error), error);
    else
        PyErr_SetString(PyExc_TypeError, "the diagnosis is not an exception");
    Py_DECREF(error);
    return NULL;
}

static PyObject *
normalize_call(Front *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *names[2] = {str_level, str_grammar}, *values[2] = {str_scheme, Py_None};
    if (!keywords(args, nargs, kwnames, names, 2, values) || !PyUnicode_CheckExact(values[0]))
        return Py_NotImplemented;
    PyObject *level = PyDict_GetItemWithError(self->options, values[0]);
    PyObject *entry = level == NULL ? NULL : grammar_entry(self, values[1]);
    if (entry == NULL)
        return PyErr_Occurred() ? NULL : Py_NotImplemented;
    PyObject *call[3] = {args[0], PyTuple_GET_ITEM(entry, 0), level};
    return core_normalize(NULL, call, 3);
}

static PyObject *
resolve_call(Front *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *names[3] = {str_grammar, str_strict, str_above_root};
    PyObject *values[3] = {Py_None, Py_True, Py_None};
    if (!PyUnicode_CheckExact(args[1]) || !keywords(args, nargs, kwnames, names, 3, values) ||
        !(values[2] == Py_None || PyUnicode_CheckExact(values[2])))
        return Py_NotImplemented;
    PyObject *keep = PyDict_GetItemWithError(self->options, values[2]);
    PyObject *entry = keep == NULL ? NULL : grammar_entry(self, values[0]);
    if (entry == NULL)
        return PyErr_Occurred() ? NULL : Py_NotImplemented;
    PyObject *call[5] = {args[0], args[1], PyTuple_GET_ITEM(entry, 0), values[1], keep};
    return core_resolve(NULL, call, 5);
}

static PyObject *
lint_call(Front *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *names[1] = {str_ignore}, *values[1] = {Py_None};
    if (!keywords(args, nargs, kwnames, names, 1, values) ||
        !(values[0] == Py_None || PyUnicode_CheckExact(values[0])))
        return Py_NotImplemented;
    PyObject *dangerous = PyDict_GetItemWithError(self->options, values[0]);
    if (dangerous == NULL)
        return PyErr_Occurred() ? NULL : Py_NotImplemented;
    PyObject *call[2] = {args[0], dangerous};
    PyObject *plain = core_lint_plain(NULL, call, 2);
    if (plain != Py_True) {
        Py_XDECREF(plain);
        return plain == NULL ? NULL : Py_NotImplemented;
    }
    Py_DECREF(plain);
    return PyList_New(0);
}

/* Each verb's own call answers, or returns Py_NotImplemented (borrowed) for Python's; for
   normalize and resolve the core's None (the Python path explains or does more) too. */
static PyObject *
front_call(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Front *self = (Front *)op;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *result = Py_NotImplemented;
    if (self->verb <= VERB_PARSE) {
        if (nargs == 1 && PyUnicode_CheckExact(args[0]))
            result = parse_call(self, args, nargs, kwnames);
    }
    else {
        Py_ssize_t want = self->verb == VERB_RESOLVE ? 2 : 1;
        int on = nargs == want && PyUnicode_CheckExact(args[0]) ? switched_on(self) : 0;
        if (on < 0)
            return NULL;
        if (on)
            result = self->verb == VERB_NORMALIZE ? normalize_call(self, args, nargs, kwnames)
                     : self->verb == VERB_RESOLVE ? resolve_call(self, args, nargs, kwnames)
                                                  : lint_call(self, args, nargs, kwnames);
        if (result == Py_None) {
            Py_DECREF(result);
            result = Py_NotImplemented;
        }
    }
    if (result != Py_NotImplemented)
        return result;
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static int
front_traverse(PyObject *op, visitproc visit, void *arg)
{
    Front *self = (Front *)op;
    Py_VISIT(self->fallback);
    Py_VISIT(self->grammars);
    Py_VISIT(self->invalid);
    Py_VISIT(self->options);
    Py_VISIT(self->space);
    Py_VISIT(self->key);
    Py_VISIT(self->plain);
    Py_VISIT(self->dict);
    return 0;
}

static int
front_clear(PyObject *op)
{
    Front *self = (Front *)op;
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->grammars);
    Py_CLEAR(self->invalid);
    Py_CLEAR(self->options);
    Py_CLEAR(self->space);
    Py_CLEAR(self->key);
    Py_CLEAR(self->plain);
    Py_CLEAR(self->dict);
    return 0;
}

static void
front_dealloc(PyObject *op)
{
    PyObject_GC_UnTrack(op);
    front_clear(op);
    Py_TYPE(op)->tp_free(op);
}

static PyObject *
front_repr(PyObject *op)
{
    return PyUnicode_FromFormat("<compiled %R>", ((Front *)op)->fallback);
}

static PyGetSetDef front_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject FrontType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "urikit._core.Front",
    .tp_basicsize = sizeof(Front),
    .tp_dealloc = front_dealloc,
    .tp_vectorcall_offset = offsetof(Front, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_traverse = front_traverse,
    .tp_clear = front_clear,
    .tp_dictoffset = offsetof(Front, dict),
    .tp_getset = front_getset,
    .tp_repr = front_repr,
};

PyDoc_STRVAR(front_doc,
             "front(function, grammars, invalid) -> callable\n\nfunction(text, rule=..., "
             "grammar=...) in C for a str, a grammar the table grammars holds (None, a name "
             "or a Grammar -> (core id, Grammar, {rule name: flags})) and a reference rule: "
             "is_valid's bool (invalid None), or parse's URIReference when the text fits and "
             "else the exception invalid(text, Grammar, rule or None) returns, raised; "
             "anything else by the Python function.");

/* A new Front of verb; a new reference to each object given. */
static PyObject *
new_front(int verb, PyObject *fallback, PyObject *grammars, PyObject *invalid,
          PyObject *options, PyObject *space, PyObject *key)
{
    /* the entry of no grammar, kept: the table is the module's constant */
    PyObject *plain = PyDict_GetItemWithError(grammars, Py_None);
    if (plain == NULL && PyErr_Occurred())
        return NULL;
    Front *self = PyObject_GC_New(Front, &FrontType);
    if (self == NULL)
        return NULL;
    Py_INCREF(fallback);
    Py_INCREF(grammars);
    Py_XINCREF(invalid);
    Py_XINCREF(options);
    Py_XINCREF(space);
    Py_XINCREF(key);
    self->fallback = fallback;
    self->grammars = grammars;
    self->invalid = invalid;
    self->options = options;
    self->space = space;
    self->key = key;
    Py_XINCREF(plain);
    self->plain = plain;
    self->dict = NULL;
    self->vectorcall = front_call;
    self->verb = verb;
    PyObject_GC_Track(self);
    return (PyObject *)self;
}

/* 0 when grammars is a dict of (core id, Grammar, dict) entries, else -1 with an error. */
static int
check_grammars(PyObject *grammars)
{
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    if (!PyDict_Check(grammars)) {
        PyErr_SetString(PyExc_TypeError, "the grammars are a dict");
        return -1;
    }
    while (PyDict_Next(grammars, &pos, &key, &value)) {
        if (!PyTuple_CheckExact(value) || PyTuple_GET_SIZE(value) != 3 ||
            grammar_id(PyTuple_GET_ITEM(value, 0)) < 0 ||
            !PyDict_Check(PyTuple_GET_ITEM(value, 2))) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "a grammar entry is (core id, Grammar, dict)");
            return -1;
        }
    }
    return 0;
}

static PyObject *
core_front(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 3, "front") < 0)
        return NULL;
    PyObject *invalid = args[2] == Py_None ? NULL : args[2];
    if (!PyCallable_Check(args[0]) || (invalid != NULL && !PyCallable_Check(invalid))) {
        PyErr_SetString(PyExc_TypeError, "front(callable, dict, callable or None)");
        return NULL;
    }
    if (check_grammars(args[1]) < 0 || (invalid != NULL && not_configured()))
        return NULL;
    return new_front(invalid == NULL ? VERB_IS_VALID : VERB_PARSE, args[0], args[1], invalid,
                     NULL, NULL, NULL);
}

PyDoc_STRVAR(verb_front_doc,
             "verb_front(verb, function, grammars, options, namespace, key) -> callable\n\n"
             "function in C for verb \"normalize\" (ref, level=..., grammar=...), "
             "\"resolve\" (base, ref, grammar=..., strict=..., above_root=...) or \"lint\" "
             "(text, ignore=...: [] where lint_plain holds) on str arguments, a grammar the "
             "table grammars holds and options the core takes (options: level -> id, "
             "above_root -> keep, or ignore -> the dangerous schemes), while "
             "namespace[key] is not None; anything else, and what the core leaves to "
             "Python, by the Python function.");

static PyObject *
core_verb_front(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 6, "verb_front") < 0)
        return NULL;
    int verb = -1;
    if (PyUnicode_Check(args[0]))
        verb = PyUnicode_CompareWithASCIIString(args[0], "normalize") == 0 ? VERB_NORMALIZE
               : PyUnicode_CompareWithASCIIString(args[0], "resolve") == 0 ? VERB_RESOLVE
               : PyUnicode_CompareWithASCIIString(args[0], "lint") == 0    ? VERB_LINT
                                                                           : -1;
    if (verb < 0 || !PyCallable_Check(args[1]) || !PyDict_Check(args[3]) ||
        !PyDict_Check(args[4]) || !PyUnicode_CheckExact(args[5])) {
        PyErr_SetString(PyExc_TypeError, "verb_front(\"normalize\", \"resolve\" or \"lint\", "
                                         "callable, dict, dict, dict, str)");
        return NULL;
    }
    if (check_grammars(args[2]) < 0)
        return NULL;
    return new_front(verb, args[1], args[2], NULL, args[3], args[4], args[5]);
}
