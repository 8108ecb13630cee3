/* The front of is_valid and parse: a vectorcall object.  Part of core.c's one translation
   unit.

   urikit.is_valid and urikit.parse are the hottest calls of all (a validator calls
   nothing else), and a Python function's own call costs as much as the scan: this object
   takes their common case (a str; a grammar the core serves, by name or value, or none;
   a reference rule by name) itself and hands every other call, unchanged, to the Python
   function it wraps (functools.update_wrapper gives it that function's name, docstring
   and signature).  This is parse's one compiled path: a text it scans and finds invalid
   goes to the diagnosis it was given, (text, Grammar, rule or None) -> the exception to
   raise, and is not scanned again before. */

typedef struct {
    PyObject_HEAD
    PyObject *fallback; /* the Python function */
    PyObject *grammars; /* None, a name or a Grammar -> (core id, Grammar, {rule: flags}) */
    PyObject *invalid;  /* parse: the diagnosis of an invalid text; is_valid: NULL */
    PyObject *dict;
    vectorcallfunc vectorcall;
} Front;

static PyObject *str_rule, *str_grammar;

static PyObject *
front_call(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Front *self = (Front *)op;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (nargs == 1 && PyUnicode_CheckExact(args[0])) {
        PyObject *rule = NULL, *grammar = Py_None;
        int ok = 1;
        Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t k = 0; k < nkw && ok; k++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, k);
            if (name == str_rule || PyUnicode_Compare(name, str_rule) == 0)
                rule = args[1 + k];
            else if (name == str_grammar || PyUnicode_Compare(name, str_grammar) == 0)
                grammar = args[1 + k];
            else
                ok = 0;
        }
        if (PyErr_Occurred())
            return NULL;
        PyObject *entry = NULL, *flags = NULL;
        if (ok && (PyUnicode_CheckExact(grammar) || grammar == Py_None ||
                   Py_TYPE(grammar)->tp_hash == PyBaseObject_Type.tp_hash)) {
            entry = PyDict_GetItemWithError(self->grammars, grammar);
            if (entry == NULL && PyErr_Occurred())
                return NULL;
        }
        if (entry != NULL) {
            if (rule == NULL)
                flags = PyLong_FromLong(0) /* URI-reference */;
            else if (PyUnicode_CheckExact(rule)) {
                flags = PyDict_GetItemWithError(PyTuple_GET_ITEM(entry, 2), rule);
                if (flags == NULL && PyErr_Occurred())
                    return NULL;
                Py_XINCREF(flags);
            }
        }
        if (flags != NULL) {
            int g = (int)PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
            int f = (int)PyLong_AsLong(flags);
            Py_DECREF(flags);
            Py_ssize_t sp[16];
            int valid = scan_str(args[0], g, f, sp);
            if (self->invalid == NULL)
                return PyBool_FromLong(valid);
            if (valid)
                return make_reference(args[0], sp, PyTuple_GET_ITEM(entry, 1));
            PyObject *error = PyObject_CallFunctionObjArgs(
                self->invalid, args[0], PyTuple_GET_ITEM(entry, 1), rule ? rule : Py_None, NULL);
            if (error == NULL)
                return NULL;
            if (PyExceptionInstance_Check(error))
                PyErr_SetObject((PyObject *)Py_TYPE(error), error);
            else
                PyErr_SetString(PyExc_TypeError, "the diagnosis is not an exception");
            Py_DECREF(error);
            return NULL;
        }
    }
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static int
front_traverse(PyObject *op, visitproc visit, void *arg)
{
    Front *self = (Front *)op;
    Py_VISIT(self->fallback);
    Py_VISIT(self->grammars);
    Py_VISIT(self->invalid);
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

static PyObject *
core_front(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 3, "front") < 0)
        return NULL;
    PyObject *invalid = args[2] == Py_None ? NULL : args[2];
    if (!PyCallable_Check(args[0]) || !PyDict_Check(args[1]) ||
        (invalid != NULL && !PyCallable_Check(invalid))) {
        PyErr_SetString(PyExc_TypeError, "front(callable, dict, callable or None)");
        return NULL;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(args[1], &pos, &key, &value)) {
        if (!PyTuple_CheckExact(value) || PyTuple_GET_SIZE(value) != 3 ||
            grammar_id(PyTuple_GET_ITEM(value, 0)) < 0 ||
            !PyDict_Check(PyTuple_GET_ITEM(value, 2))) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "a grammar entry is (core id, Grammar, dict)");
            return NULL;
        }
    }
    if (invalid != NULL && not_configured())
        return NULL;
    Front *self = PyObject_GC_New(Front, &FrontType);
    if (self == NULL)
        return NULL;
    Py_INCREF(args[0]);
    Py_INCREF(args[1]);
    Py_XINCREF(invalid);
    self->fallback = args[0];
    self->grammars = args[1];
    self->invalid = invalid;
    self->dict = NULL;
    self->vectorcall = front_call;
    PyObject_GC_Track(self);
    return (PyObject *)self;
}
