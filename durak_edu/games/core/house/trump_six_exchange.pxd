# C types for trump_six_exchange.py (an augmenting .pxd; see core/state.pxd): R9.26's menu check,
# asked at every move while a card lies over the trump card, reads the state's C fields
cimport cython
from durak_edu.games.core.state cimport CoreState

cdef unsigned long long _EXCHANGE, _ONE

@cython.locals(six=cython.int)
cdef unsigned long long _offers(CoreState st) except? 0

@cython.locals(p=cython.int)
cdef bint _held(CoreState st, int six) except -1

@cython.locals(six=cython.int, asked=cython.bint)
cdef void _follow_six(CoreState st, object part) except *

cdef long long _six(CoreState st) except? -2

cdef bint _open(CoreState st) except -1

cdef bint _not_for(CoreState st) except -1
