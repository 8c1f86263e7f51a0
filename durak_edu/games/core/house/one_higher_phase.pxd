# C types for one_higher_phase.py (an augmenting .pxd; see core/state.pxd): R9.38's first
# phase reads and writes the state's C arrays, as the core does
cimport cython
from durak_edu.games.core.state cimport CoreState
from durak_edu.games.core.cbits cimport bitlen

cdef unsigned long long _ONE, _NIBBLE, _CARDS, _PAYLOAD, _PLAY, _TAKE
cdef int _SHIFT, _K_PLAY

@cython.locals(leader=cython.int, card=cython.int, k=cython.int, p=cython.int, c=cython.int)
cdef void _round(CoreState st, int first) except *

cdef void _set_table(CoreState st, int card) except *

@cython.locals(plays=cython.ulonglong, b=cython.ulonglong, out=list)
cdef list _climb_moves(CoreState st)

@cython.locals(seat=cython.int, b=cython.ulonglong, pile=cython.ulonglong, i=cython.int)
cdef void _climb_apply(CoreState st, unsigned long long move) except *
