"""odds: exact combinatorial odds for casino table games."""

import os

# The fast path multiplies matrices of a few hundred rows per chunk of shoes: BLAS threads cost
# more than they give there, and on a busy machine their spin-waits can slow it tenfold. Set
# before numpy loads; a user's own setting wins.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

__version__ = "0.1.0"
