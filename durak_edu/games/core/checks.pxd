# C types for checks.py (an augmenting .pxd; see state.pxd)
cimport cython
from durak_edu.games.core.state cimport CoreState, Config
from durak_edu.games.core.cbits cimport popcount
from durak_edu.games.core.seats cimport next_seat

cdef unsigned long long _ONE, _SUITED
cdef int _LOW, _SUIT_SHIFT

cpdef unsigned long long playable(CoreState st, int seat) except? 0

cpdef long long limit(CoreState st) except? -1

@cython.locals(i=cython.int)
cpdef list unbeaten(CoreState st)

@cython.locals(c=Config, left=cython.longlong, held=cython.longlong)
cpdef long long room(CoreState st) except? -1
cpdef unsigned long long table_ranks(CoreState st) noexcept
cpdef int refusal_target(CoreState st) except? -2
cpdef bint transfer_goes_back(CoreState st) except? -1
@cython.locals(c=Config, rank=cython.int, i=cython.int, a=cython.int)
cpdef tuple transfer_blocked(CoreState st)

@cython.locals(c=Config, i=cython.int, a=cython.int, d=cython.int, added=cython.int, target=cython.int,
               n_unbeaten=cython.int, need=cython.int)
cpdef int transfer_check(CoreState st, int k, unsigned long long show, int rank) except? -1

@cython.locals(i=cython.int)
cdef bint _any_beaten(CoreState st) except? -1
