"""The toy's rules: secret Nim (``toygame``) under a name of its own."""

from toygame import SecretNim


class UnexportedNim(SecretNim):
    """Secret Nim, played from a package that exports nothing else."""

    name = "unexported-nim"
