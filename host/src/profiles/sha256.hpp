// SHA-256 as Poco's digest engine, shaped for Poco::HMACEngine (which needs the block and digest
// sizes as constants, and Poco's SHA2Engine chooses its variant at run time).
#pragma once

#include <Poco/SHA2Engine.h>

namespace uap::profiles {

class Sha256Engine : public Poco::SHA2Engine {
public:
    enum { BLOCK_SIZE = 64, DIGEST_SIZE = 32 };
    Sha256Engine() : Poco::SHA2Engine(Poco::SHA2Engine::SHA_256) {}
};

} // namespace uap::profiles
